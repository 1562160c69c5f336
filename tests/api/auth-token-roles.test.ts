import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { systemContext } from '../../src/server/app-services.js';
import { addRoleAndUser, deptIds } from '../support/add-user.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => { t = await startTestApp(); });
afterAll(() => t?.close());

describe('roles in the access token', () => {
  it('carries role ids and aliases as JSON arrays, so an alias with a comma stays one role', async () => {
    // Written past the role rules, as an alias stored before they existed would be.
    const roleId = await t.services.system.repo.insert(t.services.model('system/role'), systemContext(), { roleName: 'comma', roleAlias: 'x,administrator', sort: 9, parentId: '0' });
    await addRoleAndUser(t.services, { roleAlias: '', roleIds: [roleId], account: 'comma', password: 'pw-comma', deptId: Object.values(await deptIds(t.services))[0] });
    const headers = await t.login({ username: 'comma', password: 'pw-comma' });
    const claims = decodeJwt(headers['blade-auth'].replace(/^bearer /, ''));
    expect(claims.role_name).toEqual(['x,administrator']);
    expect(claims.role_id).toEqual([roleId]);

    // The platform administrator's write: the alias must not pass for `administrator`.
    const res = await t.call({ method: 'POST', url: '/api/blade-system/tenant/submit', headers, payload: { tenantName: 'Smuggled', linkman: 'Eve' } });
    expect(res.status).toBe(403);
  });

});
