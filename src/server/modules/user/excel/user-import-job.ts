import { translate } from '../../../../shared/i18n/translate.js';
import type { Repository } from '../../../engine/repository.js';
import type { EntityModel } from '../../../../shared/schema/entity-model.js';
import type { AppServices } from '../../../app-services.js';
import { RefuseRows, type ImportKind, type ImportRow } from '../../job/import-target.js';
import { requireUserAdmin } from '../admin-guard.js';
import { initialPasswordHash } from '../initial-password.js';
import { flagParam } from '../request-params.js';
import { UserCatalog } from '../user-catalog.js';
import { createUserDeps } from '../user-deps.js';
import { accountTaken } from '../user-errors.js';
import { administratorIds, lockedAdministratorIds } from './administrator-guard.js';
import { writeUserRow } from './import-writer.js';
import { checkRow, matchAccounts } from './row-checks.js';
import type { SheetRow } from './sheet-row.js';
import { fromCell, sheetFields } from './user-sheet.js';
import { isUniqueViolation } from '../../../db/unique-violation.js';

/** A user row as the user module reads it: its sheet row carries the errors by field and the user it updates. */
export interface UserRow extends ImportRow {
  sheet: SheetRow;
}

const accountOf = (row: SheetRow) => String(row.values.account ?? '');

/**
 * Users imported as a background job (the console's 用户数据导入): the rules of the user
 * module's synchronous import, row by row instead of all or nothing. Only a user
 * administrator may. Cells are read as that import reads them (role, department and post
 * names, dictionary texts); a row is refused, with every reason, when its account is
 * repeated anywhere earlier in the file, taken already (unless `isCovered`: then the
 * existing user is updated), or fails the schema's rules or the tenant's references. New
 * accounts get the initial password's hash; every write goes through the user hooks (so
 * changed roles end the user's sessions once the batch commits). A batch that would leave
 * a tenant that had an administrator without one is written again without its rows over
 * administrators, each refused with the reason (within a batch the order of the rows does
 * not matter; a later batch cannot save an earlier one). The batch locks the
 * administrators first, so two imports at once cannot each remove one of the last two.
 */
export function userImport(services: AppServices, model: EntityModel): ImportKind {
  return {
    allow: async (ctx) => requireUserAdmin(ctx),
    params: (fields) => ({ isCovered: flagParam(fields.isCovered) }),
    templateFields: () => sheetFields(model),
    async open({ ctx, params }) {
      const deps = { ...createUserDeps(services), model };
      const isCovered = params.isCovered === true;
      const catalog = await UserCatalog.load(services, model, ctx);
      // Hashed once a run, when the first new account is written (argon2 costs), read through
      // the batch's transaction (PGlite has one connection: a read beside it would wait for it).
      let password: Promise<string> | undefined;
      const passwordHash = (repo: Repository) => (password ??= initialPasswordHash(services, repo));
      /** Accounts of the rows before the batch under way (a repeat of one is refused). */
      const seen = new Set<string>();
      let administrators = new Set<string>();
      /** Rows of the batch under way written over a user who was an administrator. */
      let overAdministrators: ImportRow[] = [];
      return {
        fields: sheetFields(model),
        read(line, columns): UserRow {
          const sheet: SheetRow = { row: line.number, values: {}, errors: {} };
          for (const [col, field] of columns) {
            const resolved = fromCell({ model, field, text: line.texts[col] ?? '', catalog, lang: ctx.lang });
            if ('error' in resolved) sheet.errors[field.name] = resolved.error;
            else sheet.values[field.name] = resolved.value;
          }
          return { line, values: sheet.values, errors: [], sheet };
        },
        skipped(row) {
          const account = accountOf((row as UserRow).sheet);
          if (account) seen.add(account);
        },
        async checkBatch(rows) {
          const sheets = (rows as UserRow[]).map((r) => r.sheet);
          for (const sheet of sheets) {
            const account = accountOf(sheet);
            if (account && seen.has(account)) sheet.errors.account ??= translate(ctx.lang, 'user.duplicateInFile', { account });
          }
          await matchAccounts(deps, ctx, { rows: sheets, isCovered });
          for (const sheet of sheets) if (accountOf(sheet)) seen.add(accountOf(sheet));
          for (const sheet of sheets) await checkRow(deps, ctx, { row: sheet, catalog });
          for (const row of rows as UserRow[]) row.errors.push(...Object.entries(row.sheet.errors).map(([field, message]) => ({ field, message })));
        },
        async beginBatch(repo) {
          administrators = await lockedAdministratorIds(deps, repo, ctx);
          overAdministrators = [];
        },
        async write(repo, row) {
          const { sheet } = row as UserRow;
          let key: string;
          try {
            ({ key } = await writeUserRow({ deps, repo, ctx, row: sheet, password: () => passwordHash(repo) }));
          } catch (error) {
            // An account another import or a submit took meanwhile.
            if (isUniqueViolation(error)) throw accountTaken(accountOf(sheet));
            throw error;
          }
          if (administrators.has(key)) overAdministrators.push(row);
        },
        async endBatch(repo) {
          if (overAdministrators.length === 0 || (await administratorIds(deps, repo, ctx)).size > 0) return;
          const reason = (row: ImportRow) => ({ field: 'roleId', message: translate(ctx.lang, 'user.lastAdministrator', { account: accountOf((row as UserRow).sheet) }) });
          throw new RefuseRows(new Map(overAdministrators.map((row) => [row.line.number, reason(row)])));
        },
      };
    },
  };
}

