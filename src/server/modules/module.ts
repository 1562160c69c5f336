import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../app-services.js';

/**
 * The module's BladeX routes, declared without a prefix on a plugin scope: buildApp mounts
 * them once under /api (in the API docs) and once bare (hidden), so a Saber deployment whose
 * proxy strips /api reaches them too. Runs once per mount: build shared state outside it.
 */
export type ModuleRoutes = (routes: FastifyInstance) => void | Promise<void>;

/**
 * A hand-written module. Runs once on the app: entity hooks, app-wide request hooks, start-up
 * work, routes that exist only under /api (the console's own /api/atrium/…). Answers its
 * BladeX routes, if it has any.
 */
export type AppModule = (app: FastifyInstance, services: AppServices) => ModuleRoutes | void;
