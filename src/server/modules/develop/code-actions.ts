import { message, translate } from '../../../shared/i18n/translate.js';
import type { AppServices } from '../../app-services.js';
import type { DataSources } from './datasource-connections.js';
import { asBadRequest } from './develop-messages.js';
import { CODE_MODEL, generateCode, type GenerationResult } from './generate-code.js';
import { installModel } from './live-models.js';

/**
 * The code screen's x-actions: `copy` (code/copy?id=, the row again named <name>-copy) and
 * `gen` (code/gen-code?ids=&system=: each row's schema file, then its API, menu and buttons
 * live at once). `preview=true` answers the diffs (`files[].diff`, and `preview`: the text
 * the console shows before asking) and writes nothing.
 */
export function registerCodeActions(services: AppServices, sources: DataSources): void {
  services.actions.on({ entity: CODE_MODEL, action: 'copy' }, async ({ model, rows, keys }) => {
    const row = (await rows.find(model, keys[0]))!;
    const copy = Object.fromEntries(model.fields.filter((f) => !f.isBase).map((f) => [f.name, row[f.name]]));
    // A new code row as a submit would add it: the form's rules and the entity's hooks.
    await rows.insert(model, { ...copy, codeName: `${row.codeName}-copy` });
    return {};
  });

  services.actions.on({ entity: CODE_MODEL, action: 'gen' }, async ({ model, repo, ctx, keys, params, tell }) => {
    const preview = params.preview === 'true' || params.preview === true;
    const results: GenerationResult[] = [];
    try {
      for (const key of keys) {
        const row = (await repo.findByKey(model, ctx, key))!;
        results.push(await generateCode({ services, sources }, repo, ctx, row, preview));
      }
    } catch (error) {
      throw asBadRequest(error);
    }
    // The administrator who generates a screen is told what its table cannot do.
    for (const r of results) {
      if (!r.softDelete) tell(message('develop.noSoftDelete', { table: r.table }));
      if (!r.tenantFilter) tell(message('develop.noTenantFilter', { table: r.table }));
    }
    const files = results.map(({ model: _m, ...r }) => r);
    // The console shows this text before it asks to generate: what each file would become.
    if (preview) return { files, preview: files.map((f) => f.diff || translate(ctx.lang, 'develop.unchanged', { file: f.file })).join('\n') };
    // Installed once the rows read above are committed (the embedded database has one connection).
    await repo.afterCommit(async () => { for (const r of results) await installModel(services, r.model); });
    return { files };
  });
}
