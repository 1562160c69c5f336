import type { EntityModel } from '../../../shared/schema/entity-model.js';
import type { AppServices } from '../../app-services.js';
import { syncTables } from '../../db/sync-tables.js';
import { seedMenus } from '../../seed/run-seed.js';

/** The engine's live registry (issue 10): installs a model so its API answers at once. */
interface ModelRegistry {
  install(model: EntityModel): Promise<void>;
}

/**
 * Serves a model written at run time: through the engine's registry when there is one
 * (tables synced, endpoints answering at once), then its menu and buttons. Without a
 * registry the table and the console's model are updated and the API answers after the
 * next start; the answer says so.
 */
export async function installModel(services: AppServices, model: EntityModel): Promise<{ live: boolean }> {
  const registry = (services as AppServices & { registry?: ModelRegistry }).registry;
  if (registry) {
    await registry.install(model);
  } else {
    // A table of another data source is mapped as it is: never created or altered.
    if (!(model as { datasource?: string }).datasource) await syncTables(services.database.db, [model]);
    const at = services.models.findIndex((m) => m.key === model.key);
    if (at >= 0) services.models[at] = model;
    else services.models.push(model);
  }
  await seedMenus(services);
  return { live: registry !== undefined };
}
