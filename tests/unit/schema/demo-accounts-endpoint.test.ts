import { describe, expect, it } from 'vitest';
import { loadSchemas } from '../../../src/server/schema/load-schemas.js';
import { demoAccounts } from '../../../src/server/seed/data/demo-accounts.js';
import { projectPath } from '../../support/paths.js';

describe('the welcome page\'s demo accounts endpoint', () => {
  it('lists exactly the accounts the first start seeds, in their order, as plain account names', () => {
    const user = loadSchemas(projectPath('schemas')).find((m) => m.key === 'system/user')!;
    const endpoint = user.endpoints['demo-accounts']!;
    expect(endpoint).toMatchObject({ kind: 'list', values: 'account', sort: [{ field: 'id', dir: 'asc' }] });
    expect(endpoint.where).toEqual([{ field: 'account', op: 'in', value: demoAccounts.map((d) => d.account) }]);
  });
});
