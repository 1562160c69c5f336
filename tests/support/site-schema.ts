/**
 * Issue 31's proof entity: one schema file, no hook file, no module, no client file. Sites
 * form a tree read one level at a time (`lazy-tree`), a department tree beside the list
 * filters it (`x-list.sideTree`), 备注 is an action with a form (`set` writes the form's
 * value), and the list imports workbooks (`x-import`).
 */
export const siteSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  'x-label': { zh: '站点', en: 'Sites' },
  'x-label-one': { zh: '站点', en: 'site' },
  'x-table': { name: 'demo_site', tenancy: 'tenant', tree: { parentField: 'parentId', labelField: 'name', root: '0' } },
  'x-api': {
    path: '/demo/site',
    endpoints: { list: {}, 'lazy-tree': { kind: 'lazy-tree', params: { parentId: { field: 'parentId' } } }, detail: {}, submit: {}, remove: {} },
  },
  'x-list': {
    columns: ['name', 'deptId', 'note'],
    search: ['name'],
    sideTree: { url: '/blade-system/dept/tree', field: 'deptId', label: { zh: '所属部门', en: 'Departments' } },
  },
  'x-menu': { path: '/demo/site', parent: 'system', sort: 62 },
  'x-import': true,
  'x-actions': [
    {
      key: 'note',
      label: { zh: '备注', en: 'Note' },
      show: 'toolbar',
      rows: 'many',
      run: { kind: 'set', values: { noted: 1 } },
      form: {
        title: { zh: '填写备注', en: 'Write a note' },
        required: ['note'],
        properties: { note: { type: 'string', maxLength: 20, 'x-label': { zh: '备注', en: 'Note' } } },
      },
    },
  ],
  required: ['name'],
  properties: {
    name: { type: 'string', maxLength: 32, 'x-label': { zh: '名称', en: 'Name' } },
    parentId: { type: 'string', 'x-type': 'id', 'x-label': { zh: '上级站点', en: 'Parent' }, 'x-options': { url: '/demo/site/list' } },
    deptId: { type: 'string', 'x-type': 'id', 'x-label': { zh: '部门', en: 'Department' }, 'x-options': { url: '/blade-system/dept/tree' } },
    note: { type: 'string', maxLength: 20, 'x-label': { zh: '备注', en: 'Note' }, 'x-hidden': ['add'] },
    noted: { type: 'integer', 'x-label': { zh: '已备注', en: 'Noted' }, 'x-hidden': ['add', 'edit'] },
  },
};
