import type { EntityModel } from '../../../shared/schema/entity-model.js';
import type { AppServices } from '../../app-services.js';
import { entityExport, type ExportKind } from './export-source.js';
import { entityImport, type ImportKind } from './import-target.js';

/** Makes an entity's import or export for one app. */
export type KindFactory<K> = (services: AppServices, model: EntityModel) => K;

interface Kinds {
  imports: Map<string, KindFactory<ImportKind>>;
  exports: Map<string, KindFactory<ExportKind>>;
}

/* Per app (tests build several in one process): a module registers into the app it is given. */
const byApp = new WeakMap<AppServices, Kinds>();

function kindsOf(services: AppServices): Kinds {
  let kinds = byApp.get(services);
  if (!kinds) byApp.set(services, (kinds = { imports: new Map(), exports: new Map() }));
  return kinds;
}

/**
 * An entity imported by rules of its own module (users, regions) instead of submit's
 * (`x-import`). The module that owns the entity registers it; the job module and the
 * synchronous BladeX endpoints both find it here, so the job module imports no such module.
 */
export function registerImportKind(services: AppServices, modelKey: string, make: KindFactory<ImportKind>): void {
  kindsOf(services).imports.set(modelKey, make);
}

/** An entity exported with columns and cells of its own module instead of the list's (users; regions, whose list is a lazy tree). */
export function registerExportKind(services: AppServices, modelKey: string, make: KindFactory<ExportKind>): void {
  kindsOf(services).exports.set(modelKey, make);
}

/** The entity's import, if it has one: its module's, else `x-import`'s. */
export function importKindOf(services: AppServices, model: EntityModel): ImportKind | undefined {
  const made = kindsOf(services).imports.get(model.key);
  if (made) return made(services, model);
  return model.excel.import ? entityImport(services, model) : undefined;
}

/** The entity's export, if it has one: its module's, else any page list's. */
export function exportKindOf(services: AppServices, model: EntityModel): ExportKind | undefined {
  const made = kindsOf(services).exports.get(model.key);
  if (made) return made(services, model);
  return model.excel.export ? entityExport(services, model) : undefined;
}
