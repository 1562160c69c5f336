import type { Lang } from '../../../shared/schema/entity-model.js';
import { fillPlaceholders } from '../../../shared/i18n/messages.js';

/** The user module's own messages (BladeX texts where BladeX has one). */
const texts = {
  zh: {
    accountExists: '当前用户 [{account}] 已存在!',
    removeSelf: '不能删除本账号!',
    confirmMismatch: '请输入正确的确认密码!',
    oldPasswordWrong: '原密码不正确!',
    referenceMissing: '{label} [{values}] 不存在或不属于当前租户',
    referenceAmbiguous: '{label} [{value}] 对应多条数据,请填写其编号',
    optionUnknown: '{label} [{value}] 不是有效的选项',
    superRole: '无权配置超管角色!',
    forbidden: '无权限执行该操作',
    userTypeInvalid: '用户平台只能是 1(WEB)、2(APP)、3(OTHER)',
    uploadMissing: '请上传 .xlsx 标准格式文件',
    uploadTooLarge: '上传文件大小不能超过 {limit}MB',
    uploadUnreadable: '无法读取上传的文件,请上传 .xlsx 标准格式文件',
    headerMissing: '模板缺少列: {labels}',
    importEmpty: '上传的文件中没有用户数据',
    importRejected: '{count} 行数据有误,未导入任何数据',
    duplicateInFile: '登录账号 [{account}] 在文件中重复出现',
    lastAdministrator: '导入后租户将没有管理员: 不能取消 [{account}] 的管理员角色',
    errorColumn: '错误信息',
    exportName: '用户数据导出',
    templateName: '用户数据模板',
    errorWorkbookName: '用户导入错误报告',
    errorWorkbookGone: '错误报告不存在或已过期',
  },
  en: {
    accountExists: 'the user [{account}] already exists!',
    removeSelf: 'you cannot delete your own account!',
    confirmMismatch: 'please enter the correct confirmation password!',
    oldPasswordWrong: 'the old password is incorrect!',
    referenceMissing: '{label} [{values}] does not exist or does not belong to your tenant',
    referenceAmbiguous: '{label} [{value}] matches several records; enter its id instead',
    optionUnknown: '{label} [{value}] is not a valid option',
    superRole: 'you may not assign the super administrator role!',
    forbidden: 'you have no permission for this operation',
    userTypeInvalid: 'the platform must be 1 (WEB), 2 (APP) or 3 (OTHER)',
    uploadMissing: 'please upload an .xlsx file',
    uploadTooLarge: 'the uploaded file must not exceed {limit} MB',
    uploadUnreadable: 'the uploaded file cannot be read; please upload an .xlsx file',
    headerMissing: 'the sheet lacks the columns: {labels}',
    importEmpty: 'the uploaded file holds no user rows',
    importRejected: '{count} rows are invalid; nothing was imported',
    duplicateInFile: 'the account [{account}] appears more than once in the file',
    lastAdministrator: 'the tenant would be left without an administrator: [{account}] must keep an administrator role',
    errorColumn: 'Errors',
    exportName: 'users',
    templateName: 'users template',
    errorWorkbookName: 'user import errors',
    errorWorkbookGone: 'the error report does not exist or has expired',
  },
} as const satisfies Record<Lang, Record<string, string>>;

export type UserTextKey = keyof (typeof texts)['zh'];

export function userText(lang: Lang, key: UserTextKey, params: Record<string, unknown> = {}): string {
  return fillPlaceholders(texts[lang][key], params);
}
