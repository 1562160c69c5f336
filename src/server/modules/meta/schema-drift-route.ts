import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../app-services.js';
import { describeDrift } from '../../db/drift.js';
import { contextOf } from '../../http/authenticate.js';
import { ok } from '../../http/envelope.js';
import { requirePlatformAdmin } from '../tenant/platform-admin.js';

/** The start-up drift report for the platform's administrator: per file and field, what differs and the fix. */
export function registerSchemaDriftRoute(app: FastifyInstance, services: AppServices): void {
  app.get('/api/atrium/schema-drift', { schema: { tags: ['atrium'] } }, async (request) => {
    requirePlatformAdmin(contextOf(request));
    const items = services.drift.map((item) => ({ ...item, description: describeDrift(item) }));
    return ok({ items, command: 'npm run db:migrate -- --plan' });
  });
}
