import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../app-services.js';
import { dataScopeRules } from './data-scope-rules.js';
import { menuRules } from './menu-rules.js';
import { registerMenuRoutes } from './routes.js';

/**
 * Menus: the caller's sidebar and buttons, lazy lists, the grant dialogs' trees and
 * keys, and the rules of menu and data-scope writes (CRUD itself is the engine's).
 */
export function registerMenuModule(app: FastifyInstance, services: AppServices): void {
  services.hooks.on('system/menu', menuRules);
  services.hooks.on('system/data-scope', dataScopeRules(services));
  registerMenuRoutes(app, services);
}
