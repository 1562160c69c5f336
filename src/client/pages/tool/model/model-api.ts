/** The data model's grid 数据库模型配置 (blade-develop/model-prototype). */
import { request } from '../../../api/http';

/** One column of the table and how it becomes a field (codegen/field-prototype.ts). */
export interface Prototype {
  modelId: string;
  jdbcName: string;
  jdbcType: string;
  propertyName: string;
  propertyType: string;
  comment: string;
  isList: number;
  isForm: number;
  isRow: number;
  isRequired: number;
  isQuery: number;
  queryType: string;
  componentType: string;
  dictCode: string;
  [key: string]: unknown;
}

/** The saved grid, else the table's columns with default settings. */
export function fetchPrototypes(modelId: string): Promise<Prototype[]> {
  return request<Prototype[]>({ url: '/blade-develop/model-prototype/prototypes', params: { modelId } }).then((rows) => rows ?? []);
}

export function submitPrototypes(rows: Prototype[]): Promise<unknown> {
  return request({ method: 'POST', url: '/blade-develop/model-prototype/submit-list', data: rows });
}
