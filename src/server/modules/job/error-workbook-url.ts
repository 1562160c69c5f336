import { endpointPath, type EntityModel } from '../../../shared/schema/entity-model.js';

/**
 * Where a rejected synchronous import's kept error workbook is downloaded: the entity's
 * x-api endpoint of kind `import-errors` (`/api/blade-user/import-errors?id=…`).
 */
export function errorWorkbookUrl(model: EntityModel, id: string): string {
  const endpoint = Object.values(model.endpoints).find((e) => e.kind === 'import-errors');
  if (!endpoint) throw new Error(`${model.key} declares no import-errors endpoint`);
  return `/api${endpointPath(model, endpoint)}?id=${id}`;
}
