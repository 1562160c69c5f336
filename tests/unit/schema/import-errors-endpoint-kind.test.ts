import { describe, expect, it } from 'vitest';
import { loadSchemas } from '../../../src/server/schema/load-schemas.js';
import { projectPath } from '../../support/paths.js';
import { schemaCopies } from '../../support/schemas-copy.js';

const schemasWith = schemaCopies();

describe('x-api endpoint kind import-errors', () => {
  it('reads the users\' import-errors as a GET workbook endpoint named by its file, beside their import', () => {
    const user = loadSchemas(projectPath('schemas')).find((m) => m.key === 'system/user')!;
    expect(user.endpoints['import-user']).toMatchObject({ kind: 'import', method: 'POST', roles: ['administrator', 'admin'] });
    expect(user.endpoints['import-errors']).toMatchObject({ kind: 'import-errors', method: 'GET', file: { name: 'user.errorWorkbookName', ascii: 'user-import-errors' } });
  });

  it('stops start-up for one without its file, or on an entity without an import endpoint', () => {
    const nameless = schemasWith('system/user.json', (j) => { delete j['x-api'].endpoints['import-errors'].file; });
    expect(() => loadSchemas(nameless)).toThrow(/system\/user\.json#\/x-api\/endpoints\/import-errors\/file: a workbook endpoint names its file/);
    const alone = schemasWith('system/user.json', (j) => { delete j['x-api'].endpoints['import-user']; });
    expect(() => loadSchemas(alone)).toThrow(/system\/user\.json#\/x-api\/endpoints\/import-errors: an import-errors endpoint needs an import endpoint/);
  });
});
