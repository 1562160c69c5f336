import { textCatalogue } from '../menu/module-text.js';

/** Texts of the role module. */
export const roleText = textCatalogue({
  zh: {
    createAdministrator: '无权限创建超管角色！',
    grantAdministrator: '无权配置超管角色!',
    removeAdministrator: '无权限删除超管角色!',
  },
  en: {
    createAdministrator: 'you may not create an administrator role',
    grantAdministrator: 'you may not configure an administrator role',
    removeAdministrator: 'you may not delete an administrator role',
  },
});
