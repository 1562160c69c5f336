import type { FieldModel, FieldType, LocalText } from './entity-model.js';
import { snakeCase } from './names.js';

interface BaseFieldSpec {
  name: string;
  type: FieldType;
  label: LocalText;
  readOnly: boolean;
  defaultValue?: unknown;
}

function baseField(spec: BaseFieldSpec): FieldModel {
  const schema =
    spec.type === 'integer' ? { type: 'integer' } : { type: 'string' };
  return {
    name: spec.name,
    column: snakeCase(spec.name),
    type: spec.type,
    label: spec.label,
    messages: {},
    widget: spec.type === 'integer' ? 'number' : 'text',
    disabledIn: [],
    hiddenIn: ['add', 'edit'],
    span: 12,
    defaultValue: spec.defaultValue,
    readOnly: spec.readOnly,
    secret: false,
    hashed: false,
    isBase: true,
    schema,
  };
}

export const ID_FIELD = baseField({ name: 'id', type: 'id', label: { zh: '主键', en: 'ID' }, readOnly: true });

export const TENANT_FIELD = baseField({
  name: 'tenantId',
  type: 'string',
  label: { zh: '所属租户', en: 'Tenant' },
  readOnly: true,
});

export const AUDIT_FIELDS: FieldModel[] = [
  baseField({ name: 'createUser', type: 'id', label: { zh: '创建人', en: 'Created by' }, readOnly: true }),
  baseField({ name: 'createDept', type: 'id', label: { zh: '创建部门', en: 'Creating dept' }, readOnly: true }),
  baseField({ name: 'createTime', type: 'datetime', label: { zh: '创建时间', en: 'Created at' }, readOnly: true }),
  baseField({ name: 'updateUser', type: 'id', label: { zh: '修改人', en: 'Updated by' }, readOnly: true }),
  baseField({ name: 'updateTime', type: 'datetime', label: { zh: '修改时间', en: 'Updated at' }, readOnly: true }),
  baseField({ name: 'status', type: 'integer', label: { zh: '状态', en: 'Status' }, readOnly: true, defaultValue: 1 }),
];

/**
 * The base status column a submit may write, limited to `values` (`x-table.writableStatus`).
 * Without that keyword status is the server's like the other audit columns: it starts at 1
 * and only actions and module code change it.
 */
export function writableStatusField(values: number[]): FieldModel {
  const status = AUDIT_FIELDS.find((f) => f.name === 'status')!;
  return { ...status, readOnly: false, schema: { type: 'integer', enum: [...values] } };
}

export const DELETED_FIELD = baseField({
  name: 'isDeleted',
  type: 'integer',
  label: { zh: '是否已删除', en: 'Deleted' },
  readOnly: true,
  defaultValue: 0,
});
