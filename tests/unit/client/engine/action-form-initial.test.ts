import { describe, expect, it } from 'vitest';
import { loadSchemas } from '../../../../src/server/schema/load-schemas';
import { actionFormId, initialActionValues } from '../../../../src/client/engine/actions/action-form-model';
import { projectPath } from '../../../support/paths';

const models = loadSchemas(projectPath('schemas'));
const tenant = models.find((m) => m.key === 'system/tenant')!;
const setting = tenant.actions.find((a) => a.key === 'setting')!;

describe('tenant licence dialog (the setting action form)', () => {
  it("starts from one tenant's values, else unlimited and no expiry", async () => {
    expect(await initialActionValues({ action: setting, rows: [{ accountNumber: 20, expireTime: '2030-01-02 03:04:05' }] })).toEqual({
      accountNumber: 20,
      expireTime: '2030-01-02 03:04:05',
    });
    expect(await initialActionValues({ action: setting, rows: [{ accountNumber: 20 }, { accountNumber: 5 }] })).toEqual({ accountNumber: -1 });
  });

  it('names its ids after the button code: tenant_setting', () => {
    expect(actionFormId(tenant, setting)).toBe('tenant_setting');
  });
});
