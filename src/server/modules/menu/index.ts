import { dataScopeRules } from './data-scope-rules.js';
import { menuRules } from './menu-rules.js';
import { registerMenuRoutes } from './routes.js';
import { administratorTreeKeys, grantableMenusOnly } from './tree-keys.js';
import type { AppModule } from '../module.js';

/**
 * Menus: the caller's sidebar and buttons, lazy lists, the grant dialogs' trees and
 * keys, and the rules of menu and data-scope writes (CRUD itself is the engine's).
 */
export const registerMenuModule: AppModule = (_app, services) => {
  services.hooks.on('system/menu', menuRules);
  services.hooks.on('system/menu', administratorTreeKeys(services));
  services.hooks.on('system/menu', grantableMenusOnly(services));
  services.hooks.on('system/data-scope', dataScopeRules(services));
  return (routes) => registerMenuRoutes(routes, services);
};
