import type { EntityModel } from '../../../shared/schema/entity-model.js';
import type { AppServices } from '../../app-services.js';
import { seedMenus } from '../../seed/run-seed.js';
import { announceSchemaChange } from './schema-reloads.js';

/**
 * Serves a model written at run time: the engine's registry syncs its table (not for a
 * table of another data source) and answers its endpoints at once; then its menu and
 * buttons are added, as the seed does at start for a new schema file; the other processes
 * are told to load the file too.
 */
export async function installModel(services: AppServices, model: EntityModel): Promise<void> {
  await services.registry.install(model);
  await seedMenus(services);
  await announceSchemaChange(services);
}
