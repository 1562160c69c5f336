import { textCatalogue } from './module-text.js';

/** Texts of the menu module (menus, grant trees, data-scope rules). */
export const menuText = textCatalogue({
  zh: {
    parentNotMenu: '父节点只可选择菜单类型!',
    parentMissing: '上级节点不存在',
    parentIsDescendant: '上级节点不可选择自身的下级!',
    adminOnly: '仅管理员可执行该操作',
    scopeValueMissing: '自定义规则须填写规则值',
    scopeValueShape: '规则值须为 JSON 数组，如 [{"field":"create_user","op":"equal","value":"${userId}"}]',
    scopeValueItem: '规则第{n}项须为含 field、op、value 的对象',
    scopeValueField: '规则第{n}项的 field 须为小写下划线列名',
    scopeValueColumn: '规则第{n}项的列 {field} 不属于资源 {resource}',
    scopeValueOp: '规则第{n}项的 op 须为 equal、notequal、like、in、gt、lt、ge、le 之一',
    scopeValueValue: '规则第{n}项的 value 须为文本或数字',
    scopeValuePlaceholder: '规则第{n}项含未知占位符 {placeholder}，可用 ${userId}、${deptId}、${tenantId}、${roleId}、${account}',
  },
  en: {
    parentNotMenu: 'the parent must be a menu, not a button',
    parentMissing: 'the parent does not exist',
    parentIsDescendant: 'a node cannot be moved under one of its own descendants',
    adminOnly: 'only an administrator may do this',
    scopeValueMissing: 'a custom data scope needs a rule value',
    scopeValueShape: 'the rule value must be a JSON array such as [{"field":"create_user","op":"equal","value":"${userId}"}]',
    scopeValueItem: 'rule item {n} must be an object with field, op and value',
    scopeValueField: 'rule item {n}: field must be a snake_case column name',
    scopeValueColumn: 'rule item {n}: column {field} does not belong to resource {resource}',
    scopeValueOp: 'rule item {n}: op must be one of equal, notequal, like, in, gt, lt, ge, le',
    scopeValueValue: 'rule item {n}: value must be text or a number',
    scopeValuePlaceholder: 'rule item {n}: unknown placeholder {placeholder}; use ${userId}, ${deptId}, ${tenantId}, ${roleId} or ${account}',
  },
});
