import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../app-services.js';
import { registerTokenRoutes } from './auth/token-routes.js';
import { registerMenuModule } from './menu/index.js';
import { registerMetaModule } from './meta/index.js';

/** A hand-written module: registers its routes and hooks, reusing the engine. */
export type AppModule = (app: FastifyInstance, services: AppServices) => void;

/** Every module, in registration order. One line each. */
export const modules: AppModule[] = [
  registerTokenRoutes,
  registerMenuModule,
  registerMetaModule,
];
