/**
 * Proof entities of the open action (x-actions run kind open), showWhen and x-fill, in one
 * schema file each: a shelf's row button 书目 opens the list of ANOTHER entity, the books,
 * in a dialog, fixed to the shelf; shelves only (kind 1) show it, and only they may be
 * archived (a served action with showWhen). Picking a book's hardcover flag fills its title
 * from the shelf it was opened from.
 */
export const shelfSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  'x-label': { zh: '书架', en: 'Shelves' },
  'x-table': { name: 'demo_shelf', tenancy: 'tenant' },
  'x-api': { path: '/demo/shelf', endpoints: { list: {}, detail: {}, submit: {}, remove: {} } },
  'x-list': { columns: ['name', 'kind', 'archived'], search: ['name'] },
  'x-menu': { path: '/demo/shelf', parent: 'system', sort: 63 },
  'x-actions': [
    {
      key: 'books',
      label: { zh: '书目', en: 'Books' },
      showWhen: { kind: 1 },
      run: { kind: 'open', entity: 'demo/book', fixed: { shelfId: 'id' }, as: 'dialog', width: 720, prefix: 'book', title: { zh: '[{name}] 书目', en: '[{name}] books' } },
    },
    { key: 'archive', label: { zh: '归档', en: 'Archive' }, showWhen: { kind: 1 }, run: { kind: 'set', values: { archived: 1 } } },
  ],
  required: ['name', 'kind'],
  properties: {
    name: { type: 'string', maxLength: 32, 'x-label': { zh: '名称', en: 'Name' } },
    code: { type: 'string', maxLength: 32, 'x-label': { zh: '编号', en: 'Code' } },
    kind: { type: 'integer', enum: [1, 2], 'x-label': { zh: '类别', en: 'Kind' } },
    archived: { type: 'integer', default: 0, 'x-label': { zh: '已归档', en: 'Archived' }, 'x-hidden': ['add', 'edit'] },
  },
};

export const bookSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  'x-label': { zh: '书目', en: 'Books' },
  'x-table': { name: 'demo_book', tenancy: 'tenant' },
  'x-api': { path: '/demo/book', endpoints: { list: { params: { shelfId: { field: 'shelfId' } } }, detail: {}, submit: {}, remove: {} } },
  'x-list': { columns: ['title', 'hardcover', 'shelfCode'], search: ['title'] },
  'x-menu': { path: '/demo/book', parent: 'system', sort: 64 },
  required: ['shelfId', 'title'],
  properties: {
    shelfId: { type: 'string', 'x-type': 'id', 'x-label': { zh: '书架', en: 'Shelf' } },
    hardcover: {
      type: 'integer',
      'x-dict': 'yes_no',
      'x-label': { zh: '精装', en: 'Hardcover' },
      'x-fill': { title: '{opener.name} [{label}]', shelfCode: '{opener.code}' },
    },
    title: { type: 'string', maxLength: 64, 'x-label': { zh: '书名', en: 'Title' } },
    shelfCode: { type: 'string', maxLength: 32, 'x-label': { zh: '书架编号', en: 'Shelf code' } },
  },
};

/** The shipped schemas plus the shelf and book entities. */
export const shelfFiles = { 'demo/shelf.json': JSON.stringify(shelfSchema), 'demo/book.json': JSON.stringify(bookSchema) };
