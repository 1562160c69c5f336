/**
 * Modules reach rows through the engine's access-checked operations (`services.resources`,
 * `resources.rowsOf(ctx)`); the raw repository and database are `services.system`, the
 * platform acting on its own. Every module file that uses it is named here with why, so a
 * new bypass fails this test until a reviewer has seen it. `AppServices` has no `repo`
 * or `database` of its own, so the compiler refuses the old way in.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../../support/source-files.js';

const modulesRoot = fileURLToPath(new URL('../../../src/server/modules', import.meta.url));

/** Files allowed to act as the platform, and why. */
const SYSTEM_USERS: Record<string, string> = {
  'auth/client-check.ts': 'sign-in: the OAuth client before a caller exists',
  'auth/tenant-license.ts': 'sign-in: tenant expiry before a caller exists',
  'auth/user-directory.ts': 'sign-in: accounts, phones and roles before a caller exists',
  'auth/user-sessions.ts': 'ends sessions after the commit of whichever transaction is open',
  'authority/data-scope-filter.ts': 'the access policy itself: department subtrees of a data scope',
  'authority/role-grants.ts': 'the access policy itself: role links and buttons',
  'authority/stored-roles.ts': "the access policy itself: the caller's stored roles",
  'dashboard/dashboard-figures.ts': "whole-table figures in SQL, limited to the caller's tenant by hand",
  'dashboard/index.ts': "the database's date",
  'develop/datasource-connections.ts': 'opens data sources for the code generator (platform configuration)',
  'develop/index.ts': 'opens data sources for the code generator (platform configuration)',
  'develop/model-routes.ts': 'reads tables of data sources and rewrites a model\'s prototypes',
  'flow/flow-seed.ts': 'seed: the leave process',
  'flow/index.ts': 'the workflow engine keeps its own tables (bpmn state), tenant columns set by its services',
  'job/index.ts': 'the jobs table (tenant and starter columns set and checked by the job store)',
  'job/import-job.ts': "an import job's refused rows, its batch table and checkpoint; each row goes through resources.insertIn with the starter's rights",
  'job/import-pipeline.ts': "every import's batch transaction (jobs and the synchronous imports); each row is written by its kind's target with the importer's rights",
  'log/index.ts': 'log writes and retention, outside any caller',
  'menu/menu-access.ts': "the caller's own menus and top menus",
  'menu/menu-catalog.ts': 'the platform-wide menu catalogue (cached)',
  'menu/role-links.ts': 'role → menu / scope links behind the grant dialogs and the policy',
  'menu/tenant-package.ts': "the tenant's package, which limits its grants",
  'menu/tree-keys.ts': 'the platform-wide API scope rules',
  'meta/index.ts': 'the health answer names the database kind',
  'oss/oss-service.ts': 'which object store serves a caller (its configuration row, with the secret)',
  'report/index.ts': 'installs the wage summaries (tables, triggers) on the platform database at start',
  'report/item-lookup.ts': "report SQL, limited to the caller's tenant by hand",
  'report/report-query.ts': "report SQL, limited to the caller's tenant by hand",
  'report/report-sql.ts': 'report SQL statements (work_mem, jit) on the platform database',
  'report/team-leaders.ts': "report SQL (the 班组长 filter's options), limited to the caller's tenant by hand",
  'role/role-grant.ts': 'the platform-wide data / API scope rules a grant may link',
  'sms/providers/log-provider.ts': 'SMS log writes',
  'sms/sms-service.ts': 'which SMS configuration serves a call (with the secret)',
  'social/guest-registration.ts': 'sign-in: a guest account before a caller exists',
  'social/oauth-accounts.ts': 'sign-in: third-party accounts before a caller exists',
  'social/social-clients.ts': 'sign-in: the tenant\'s social client configuration',
  'tenant/index.ts': 'follows other processes\' tenant database bindings only on PostgreSQL with Redis',
  'tenant/tenant-database-move.ts': "moving a tenant's rows needs the main database's owner (tables, copy, switch)",
  'tenant/tenant-database-reloads.ts': 'reloads the tenant database bindings from the main database',
  'tenant/tenant-move-fence.ts': "raises and lifts a moving tenant's fence in the main database and counts the servers connected to it",
  'tenant/tenant-defaults.ts': 'seed: default configurations of every tenant',
  'tenant/tenant-records.ts': 'tenant rows, read by sign-in and provisioning',
  'tenant/tenant-service.ts': 'a tenant moves to its own database only when the platform database is PostgreSQL',
  'user/excel/row-checks.ts': 'the user import finds existing accounts as the unique-account check does',
  'user/initial-password.ts': 'system parameter account.initPassword',
  'user/platform-service.ts': 'the user_ext tables have no tenant column (the user row is checked first)',
  'user/profile-service.ts': "the caller's own record, outside any data scope",
  'user/user-catalog.ts': 'names of departments, roles, posts and dictionary entries for the user sheet, as the list labels do',
};

/** `<something>.system.repo` / `.system.database` and any `services.repo` / `.database` left, per file. */
function accesses(file: string): { system: boolean; raw: string[]; repositoryValueImport: boolean } {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  let system = false;
  let repositoryValueImport = false;
  const raw: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAccessExpression(node)) {
      const name = node.name.text;
      const owner = node.expression;
      const onSystem = (ts.isPropertyAccessExpression(owner) && owner.name.text === 'system') || (ts.isIdentifier(owner) && owner.text === 'system');
      if ((name === 'repo' || name === 'database') && onSystem) system = true;
      const ownerText = owner.getText(source);
      if ((name === 'repo' || name === 'database') && /(^|\.)services$/.test(ownerText)) raw.push(node.getText(source));
    }
    if (ts.isImportDeclaration(node) && /engine\/repository\.js$/.test((node.moduleSpecifier as ts.StringLiteral).text)) {
      const clause = node.importClause;
      const typeOnly = clause?.isTypeOnly || (clause?.namedBindings && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) repositoryValueImport = true;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { system, raw, repositoryValueImport };
}

const files = sourceFiles(modulesRoot).map((path) => ({ name: relative(modulesRoot, path).split('\\').join('/'), ...accesses(path) }));

describe('modules and the raw repository', () => {
  it('reads every module file (the list is not empty by mistake)', () => {
    expect(files.length).toBeGreaterThan(150);
  });

  it('never reach a repository or database of their own on services (only services.system)', () => {
    expect(files.filter((f) => f.raw.length).map((f) => `${f.name}: ${f.raw.join(', ')}`)).toEqual([]);
  });

  it('never build a repository (type imports for hook signatures only)', () => {
    expect(files.filter((f) => f.repositoryValueImport).map((f) => f.name)).toEqual([]);
  });

  it('act as the platform only in the files named, each with its reason', () => {
    expect(files.filter((f) => f.system).map((f) => f.name).sort()).toEqual(Object.keys(SYSTEM_USERS).sort());
  });
});
