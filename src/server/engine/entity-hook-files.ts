import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { EntityModel } from '../../shared/schema/entity-model.js';
import type { ActionService } from './action-service.js';
import type { EntityHookFile } from './hook-file/hook-file-api.js';
import { actionHandlerOf, resourceHooksOf, type HookFileServices } from './hook-file/hook-file-calls.js';
import type { HookRegistry } from './resource-hooks.js';

const EXTENSIONS = ['.hooks.ts', '.hooks.js', '.hooks.mjs'];

/**
 * A `.ts` hook file loads as it is under tsx and vitest; the bundled server `npm start`
 * runs is plain Node, which compiles it through tsx's one-file import instead.
 */
async function importHookFile(path: string): Promise<EntityHookFile> {
  const url = pathToFileURL(path).href;
  try {
    return (await import(url)) as EntityHookFile;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw error;
    const { tsImport } = await import('tsx/esm/api');
    return (await tsImport(url, import.meta.url)) as EntityHookFile;
  }
}

/**
 * Loads `<schemas>/<module>/<entity>.hooks.ts` (or `.js`) beside each schema, if there is
 * one, and registers what it exports: a new entity's custom action is its schema plus
 * this one file, with no module and no registration line. The file sees the server only
 * through `atrium/hooks` (hook-file/hook-file-api.ts): its reads and writes are the
 * caller's, by the engine's one write path.
 */
export async function loadEntityHookFiles(opts: { schemasDir: string; models: EntityModel[]; actions: ActionService; hooks: HookRegistry; services: HookFileServices }): Promise<string[]> {
  const loaded: string[] = [];
  for (const model of opts.models) {
    const path = EXTENSIONS.map((ext) => join(opts.schemasDir, model.module, `${model.name}${ext}`)).find((p) => existsSync(p));
    if (!path) continue;
    const file = await importHookFile(path);
    for (const [key, handler] of Object.entries(file.actions ?? {})) {
      if (!model.actions.some((a) => a.key === key && a.run.kind === 'hook')) throw new Error(`${path}: "${key}" is not a hook action of ${model.key} (x-actions)`);
      opts.actions.on({ entity: model.key, action: key }, actionHandlerOf(opts.services, handler));
    }
    if (file.hooks) opts.hooks.on(model.key, resourceHooksOf(opts.services, file.hooks));
    loaded.push(path);
  }
  return loaded;
}
