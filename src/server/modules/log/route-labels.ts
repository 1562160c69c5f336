import type { FastifyRequest } from 'fastify';
import type { EndpointKind } from '../../../shared/schema/entity-model.js';
import type { EngineTarget } from '../../engine/model-registry.js';
import { routeUrlOf } from '../../http/route-url.js';

/** What an API log says about the route it records. */
export interface RouteLabel {
  title: string;
  methodClass: string;
  methodName: string;
  /** A read whose schema endpoint asks to be logged (`x-api.endpoints.<action>.log`). */
  marked: boolean;
}

/** BladeX-style titles of the engine's operations. */
const KIND_TITLES: Record<EndpointKind, string> = {
  page: '分页',
  list: '列表',
  tree: '树形结构',
  subtree: '子树',
  'lazy-tree': '懒加载树',
  'lazy-list': '懒加载列表',
  'tenant-tree': '树形结构',
  select: '下拉数据',
  detail: '详情',
  submit: '新增或修改',
  remove: '删除',
  'linked-keys': '已选键',
  lookup: '查询',
  forests: '树形结构',
  export: '导出',
  'export-template': '导入模板',
  import: '导入',
  'import-errors': '导入错误',
};

/** What the engine serves at a method and URL (either path form), if anything. */
export type EngineLookup = (method: string, url: string) => EngineTarget | undefined;

/** The label of an engine route: its endpoint's kind title, or its action's label. */
function engineLabel(target: EngineTarget): RouteLabel {
  const { model } = target;
  if (target.action) return { title: `${model.label.en}: ${target.action.label.en}`, methodClass: model.key, methodName: target.action.path, marked: false };
  const { endpoint } = target;
  return { title: `${model.label.zh}${KIND_TITLES[endpoint.kind]}`, methodClass: model.key, methodName: endpoint.action, marked: endpoint.log === true };
}

/** A hand-written route: its OpenAPI summary (else its URL), its tag and last path segment. */
function handWrittenLabel(request: FastifyRequest, url: string): RouteLabel {
  const schema = (request.routeOptions.schema ?? {}) as { summary?: string; tags?: string[] };
  return {
    title: schema.summary ?? url.replace(/^\/api/, ''),
    methodClass: schema.tags?.[0] ?? '',
    methodName: url.split('/').pop() ?? '',
    marked: request.routeOptions.config?.apiLog === true,
  };
}

export function routeLabel(engine: EngineLookup, request: FastifyRequest): RouteLabel {
  const url = routeUrlOf(request) ?? request.url.split('?')[0];
  const target = engine(request.method, url);
  return target ? engineLabel(target) : handWrittenLabel(request, url);
}
