import { describe, expect, it } from 'vitest';
import { loadSchemas } from '../../../src/server/schema/load-schemas.js';
import { projectPath } from '../../support/paths.js';
import { schemaCopies } from '../../support/schemas-copy.js';

const schemasWith = schemaCopies();

describe('x-actions severalKeys', () => {
  it('widens rows one for the call only: the role and top menu grants', () => {
    const models = loadSchemas(projectPath('schemas'));
    const actionOf = (model: string, key: string) => models.find((m) => m.key === model)!.actions.find((a) => a.key === key)!;
    expect(actionOf('system/role', 'grant')).toMatchObject({ rows: 'one', severalKeys: true, param: 'roleIds' });
    expect(actionOf('system/top-menu', 'setting')).toMatchObject({ rows: 'one', severalKeys: true, param: 'topMenuIds', roles: ['administrator', 'admin'], rolesSuffice: true });
    expect(actionOf('system/tenant', 'setting').severalKeys).toBeUndefined();
  });

  it('stops start-up beside rows many or none', () => {
    const dir = schemasWith('system/role.json', (j) => { j['x-actions'][0].rows = 'many'; });
    expect(() => loadSchemas(dir)).toThrow(/system\/role\.json#\/x-actions\/0\/severalKeys: severalKeys widens rows one/);
  });
});
