import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../app-services.js';
import { ok } from '../../http/envelope.js';
import { MenuAccess } from './menu-access.js';

/** The caller's sidebar (`routes`) and button permissions (`buttons`). */
export function registerMenuModule(app: FastifyInstance, services: AppServices): void {
  const access = new MenuAccess(services);
  for (const prefix of ['/api', '']) {
    const schema = { tags: ['system/menu'], hide: prefix === '' };
    app.get(`${prefix}/blade-system/menu/routes`, { schema }, async (request) => ok(await access.routes(request.user!)));
    app.get(`${prefix}/blade-system/menu/buttons`, { schema }, async (request) => ok(await access.buttons(request.user!)));
  }
}
