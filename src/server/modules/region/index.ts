import type { AppModule } from '../module.js';
import { regionWholeImport } from './import-regions.js';
import { registerExportKind, registerImportKind } from '../job/job-kinds.js';
import { regionExport } from './region-export-job.js';
import { regionImport } from './region-import-job.js';

/**
 * Regions: their import and export kinds (Saber base/region.vue 导入 / 导出). CRUD, export,
 * template and the synchronous import-region are the engine's endpoints (x-api kinds
 * export, export-template, import) over these kinds.
 */
export const registerRegionModule: AppModule = (_app, services) => {
  registerImportKind(services, 'base/region', (s, model) => ({ ...regionImport(s, model), whole: regionWholeImport(s) }));
  registerExportKind(services, 'base/region', regionExport);
  return undefined;
};
