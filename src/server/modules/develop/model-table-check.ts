import { AppError } from '../../../shared/errors.js';
import type { AppServices } from '../../app-services.js';
import { checkTableName, tableList } from '../../db/external/index.js';
import type { DataSources } from './datasource-connections.js';
import { MODEL_MODEL } from './generate-code.js';

const TABLE_FIELD = 'modelTable';

/** A refusal shown next to 物理表名. */
const besideTable = (error: AppError) => new AppError(error.text, undefined, 400, { field: TABLE_FIELD });

/**
 * A data model names a table its data source has (what `model/table-list` offers): a name
 * that is not letters, digits and underscores, or a table the source lacks, is refused
 * when the row is saved, before 模型配置 or 代码生成 start from it. An unreachable source
 * is its own connection message. Checked when the source or the table changes.
 */
export function registerModelTableCheck(services: AppServices, sources: DataSources): void {
  services.hooks.on(MODEL_MODEL, {
    async beforeWrite({ values, existing, repo, ctx }) {
      const datasourceId = String(values.datasourceId ?? existing?.datasourceId ?? '');
      const table = String(values.modelTable ?? existing?.modelTable ?? '');
      if (existing && datasourceId === String(existing.datasourceId) && table === String(existing.modelTable)) return;
      try {
        checkTableName(table);
      } catch (error) {
        throw error instanceof AppError ? besideTable(error) : error;
      }
      const source = await sources.resolve(repo, datasourceId);
      const handle = await sources.open(repo, source);
      try {
        const tables = await tableList(handle.db, handle.dialect);
        if (!tables.some((t) => t.name === table)) throw besideTable(new AppError('develop.tableNotInSource', { table, source: source.name }));
      } finally {
        await handle.close();
      }
    },
  });
}
