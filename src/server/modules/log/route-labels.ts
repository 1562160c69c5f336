import type { FastifyRequest } from 'fastify';
import type { EndpointKind, EntityModel } from '../../../shared/schema/entity-model.js';

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
  select: '下拉数据',
  detail: '详情',
  submit: '新增或修改',
  remove: '删除',
};

const routeKey = (method: string, url: string) => `${method} ${url}`;

/** Labels of every engine route (both path forms), keyed by method and route URL. */
export function engineRouteLabels(models: EntityModel[]): Map<string, RouteLabel> {
  const out = new Map<string, RouteLabel>();
  for (const model of models) {
    for (const endpoint of Object.values(model.endpoints)) {
      const label: RouteLabel = {
        title: `${model.label.zh}${KIND_TITLES[endpoint.kind]}`,
        methodClass: model.key,
        methodName: endpoint.action,
        marked: endpoint.log === true,
      };
      for (const prefix of ['/api', '']) out.set(routeKey(endpoint.method, `${prefix}${model.apiPath}/${endpoint.action}`), label);
    }
  }
  return out;
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

export function routeLabel(labels: Map<string, RouteLabel>, request: FastifyRequest): RouteLabel {
  const url = request.routeOptions.url ?? request.url.split('?')[0];
  return labels.get(routeKey(request.method, url)) ?? handWrittenLabel(request, url);
}
