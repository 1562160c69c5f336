import { textCatalogue } from '../menu/module-text.js';

/** Texts of the role module. */
export const roleText = textCatalogue({
  zh: {
    createAdministrator: '无权限创建超管角色！',
    grantAdministrator: '无权配置超管角色!',
    removeAdministrator: '无权限删除超管角色!',
    aliasFormat: '角色别名须以字母开头，只能包含字母、数字、下划线和连字符',
    aliasReserved: '角色别名“{alias}”与系统保留的角色别名相同或相似，请换一个',
  },
  en: {
    createAdministrator: 'you may not create an administrator role',
    grantAdministrator: 'you may not configure an administrator role',
    removeAdministrator: 'you may not delete an administrator role',
    aliasFormat: 'the role alias must start with a letter and hold only letters, digits, underscores and dashes',
    aliasReserved: 'the role alias "{alias}" is, or looks like, an alias the system reserves; choose another',
  },
});
