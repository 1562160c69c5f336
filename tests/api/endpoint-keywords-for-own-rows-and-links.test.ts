import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRoleAndUser, deptIds, grantMenus } from '../support/add-user.js';
import { projectPath } from '../support/paths.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Two new schema files: teams, and the members linked to them. */
const team = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  'x-label': { zh: '班组', en: 'Teams' },
  'x-table': { name: 'demo_team', tenancy: 'tenant' },
  'x-api': {
    path: '/demo/team',
    endpoints: {
      list: {}, detail: {}, submit: {}, remove: {},
      'member-keys': { kind: 'linked-keys', linkedKeys: { param: 'teamIds', entity: 'demo/team', keys: { member: { entity: 'demo/team-member', owner: 'teamId', target: 'memberId' }, lead: { entity: 'demo/team-member', owner: 'teamId', target: 'memberId', where: [{ field: 'lead', op: 'equal', value: 1 }] } } } },
      roster: { kind: 'list', path: '/demo/roster', searchable: false, roles: ['administrator'] },
      mine: { kind: 'page', where: [{ field: 'createUser', op: 'equal', value: { caller: 'userId' } }], sort: [{ field: 'teamName', dir: 'desc' }], fields: ['teamName'] },
      names: { kind: 'list', searchable: false, where: [{ field: 'teamName', op: 'in', value: ['A', 'B', 'Z'] }], sort: [{ field: 'teamName', dir: 'desc' }], values: 'teamName' },
      'by-name': { kind: 'lookup', open: true, params: { name: { field: 'teamName' } }, answer: { team: 'teamName', captain: 'captainId' } },
      'captain-of': { kind: 'detail', via: { param: 'name', field: 'teamName', key: 'captainId', entity: 'demo/team-member' } },
    },
  },
  'x-menu': { path: '/demo/team', parent: 'system', sort: 51 },
  required: ['teamName'],
  properties: {
    teamName: { type: 'string', maxLength: 64, 'x-label': { zh: '班组名称', en: 'Name' } },
    captainId: { type: 'string', 'x-type': 'id', 'x-label': { zh: '队长', en: 'Captain' } },
  },
};
const member = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  'x-label': { zh: '班组成员', en: 'Team members' },
  'x-table': { name: 'demo_team_member', tenancy: 'shared', audit: false, logicalDelete: false },
  'x-api': { path: '/demo/team-member', endpoints: { list: {}, submit: {} } },
  required: ['teamId', 'memberId'],
  properties: {
    teamId: { type: 'string', 'x-type': 'id', 'x-label': { zh: '班组', en: 'Team' } },
    memberId: { type: 'string', 'x-type': 'id', 'x-label': { zh: '成员', en: 'Member' } },
    lead: { type: 'integer', default: 0, 'x-label': { zh: '组长', en: 'Lead' } },
  },
};

/** A tree answered as bare nodes. */
const area = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  'x-label': { zh: '片区', en: 'Areas' },
  'x-table': { name: 'demo_area', tenancy: 'tenant', tree: { parentField: 'parentId', labelField: 'areaName' } },
  'x-api': {
    path: '/demo/area',
    endpoints: {
      list: { kind: 'tree' }, submit: {}, nodes: { kind: 'tree', nodes: true, searchable: false },
      staffing: { kind: 'forests', searchable: false, forests: { areas: {}, staffed: { leaves: { entity: 'demo/area-post', parent: 'areaId', label: 'postName' } } } },
    },
  },
  required: ['areaName'],
  properties: {
    parentId: { type: 'string', 'x-type': 'id', default: '0', 'x-label': { zh: '上级', en: 'Parent' } },
    areaName: { type: 'string', maxLength: 64, 'x-label': { zh: '名称', en: 'Name' } },
    manager: { type: 'string', maxLength: 64, 'x-label': { zh: '负责人', en: 'Manager' } },
  },
};

const areaPost = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  'x-label': { zh: '片区岗位', en: 'Area posts' },
  'x-table': { name: 'demo_area_post', tenancy: 'tenant' },
  'x-api': { path: '/demo/area-post', endpoints: { list: {}, submit: {} } },
  required: ['areaId', 'postName'],
  properties: {
    areaId: { type: 'string', 'x-type': 'id', 'x-label': { zh: '片区', en: 'Area' } },
    postName: { type: 'string', maxLength: 64, 'x-label': { zh: '岗位', en: 'Post' } },
  },
};

let t: TestApp;
let dir: string;
let admin: Record<string, string>;
let clerk: Record<string, string>;
let clerkId: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'atrium-schemas-'));
  cpSync(projectPath('schemas'), dir, { recursive: true });
  mkdirSync(join(dir, 'demo'));
  writeFileSync(join(dir, 'demo', 'team.json'), JSON.stringify(team, null, 2));
  writeFileSync(join(dir, 'demo', 'team-member.json'), JSON.stringify(member, null, 2));
  writeFileSync(join(dir, 'demo', 'area.json'), JSON.stringify(area, null, 2));
  writeFileSync(join(dir, 'demo', 'area-post.json'), JSON.stringify(areaPost, null, 2));
  t = await startTestApp({ schemasDir: dir, seedRegions: false });
  admin = await t.login();
  const dept = Object.values(await deptIds(t.services))[0];
  const added = await addRoleAndUser(t.services, { roleAlias: 'clerk', account: 'clerk', password: 'clerk-pw', deptId: dept });
  clerkId = String(added.userId);
  // The clerk opens the team screen only: not 用户管理.
  await grantMenus(t.services, String(added.roleId), ['system', 'team']);
  clerk = await t.login({ username: 'clerk', password: 'clerk-pw' });
});
afterAll(async () => { await t?.close(); rmSync(dir, { recursive: true, force: true }); });

const call = (method: 'GET' | 'POST', url: string, opts: { headers: Record<string, string>; query?: Record<string, string>; payload?: object }) =>
  t.call({ method, url: `/api${url}`, headers: { ...opts.headers, 'accept-language': 'en' }, query: opts.query, payload: opts.payload });

describe('linked-keys endpoints', () => {
  it('answer per key the linked keys of the named rows, each link filtered by its where', async () => {
    const a = (await call('POST', '/demo/team/submit', { headers: admin, payload: { teamName: 'A' } })).body.data.id;
    const b = (await call('POST', '/demo/team/submit', { headers: admin, payload: { teamName: 'B' } })).body.data.id;
    for (const [teamId, memberId, lead] of [[a, '11', 1], [a, '12', 0], [b, '12', 0], [b, '13', 1]] as const) {
      expect((await call('POST', '/demo/team-member/submit', { headers: admin, payload: { teamId, memberId, lead } })).status).toBe(200);
    }
    const one = await call('GET', '/demo/team/member-keys', { headers: admin, query: { teamIds: String(a) } });
    expect(Object.keys(one.body.data)).toEqual(['member', 'lead']);
    expect([...one.body.data.member].sort()).toEqual(['11', '12']);
    expect(one.body.data.lead).toEqual(['11']);
    const both = await call('GET', '/demo/team/member-keys', { headers: admin, query: { teamIds: `${a},${b}` } });
    expect([...both.body.data.member].sort()).toEqual(['11', '12', '13']);
    expect([...both.body.data.lead].sort()).toEqual(['11', '13']);
    // A key naming no row the caller reaches links nothing; a bad key is a 400.
    expect((await call('GET', '/demo/team/member-keys', { headers: admin, query: { teamIds: '123' } })).body.data).toEqual({ member: [], lead: [] });
    expect((await call('GET', '/demo/team/member-keys', { headers: admin, query: { teamIds: 'x' } })).status).toBe(400);
  });
});

describe('a list of one field\'s values', () => {
  it('answers the values of the rows its fixed `in` names, in its own order', async () => {
    expect((await call('GET', '/demo/team/names', { headers: admin })).body.data).toEqual(['B', 'A']);
  });
});

describe('a page of the caller\'s own rows', () => {
  it('fixes a field to the caller\'s value, keeps its own order and answers only its fields', async () => {
    const mine = (await call('GET', '/demo/team/mine', { headers: admin })).body.data;
    expect(mine.records).toEqual([{ id: expect.any(String), teamName: 'B' }, { id: expect.any(String), teamName: 'A' }]);
    expect(mine.total).toBe(2);
    const theirs = (await call('GET', '/demo/team/mine', { headers: clerk })).body.data;
    expect(theirs).toMatchObject({ records: [], total: 0 });
  });
});

describe('an endpoint at a path of its own, for some roles', () => {
  it('is served at its path only, and refuses a caller without the role before reading', async () => {
    const roster = await call('GET', '/demo/roster', { headers: admin });
    expect(roster.status).toBe(200);
    expect(roster.body.data.map((r: { teamName: string }) => r.teamName).sort()).toEqual(['A', 'B']);
    expect((await call('GET', '/demo/team/roster', { headers: admin })).status).toBe(404);
    const refused = await call('GET', '/demo/roster', { headers: clerk });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe((await call('GET', '/blade-system/param/list', { headers: clerk })).body.msg);
  });
});

describe('an open lookup', () => {
  it('answers only its declared fields without a token, {} for a blank or unknown value', async () => {
    const open = (query: Record<string, string>) => t.call({ method: 'GET', url: '/api/demo/team/by-name', query });
    expect((await open({ name: ' A ' })).body).toMatchObject({ code: 200, data: { team: 'A', captain: '' } });
    expect((await open({ name: '' })).body.data).toEqual({});
    expect((await open({ name: 'nobody' })).body.data).toEqual({});
    expect((await t.call({ method: 'GET', url: '/api/demo/team/list' })).status).toBe(401);
  });
});

describe('a tree of bare nodes', () => {
  it('answers TreeNodes without the rows\' other fields', async () => {
    const north = (await call('POST', '/demo/area/submit', { headers: admin, payload: { areaName: 'North', manager: 'Li' } })).body.data.id;
    await call('POST', '/demo/area/submit', { headers: admin, payload: { areaName: 'Harbin', parentId: north, manager: 'Wang' } });
    const full = (await call('GET', '/demo/area/list', { headers: admin })).body.data;
    expect(full[0]).toMatchObject({ areaName: 'North', manager: 'Li' });
    const bare = (await call('GET', '/demo/area/nodes', { headers: admin })).body.data;
    expect(bare).toEqual([{
      id: north, parentId: '0', title: 'North', key: north, value: north, hasChildren: true,
      children: [{ id: expect.any(String), parentId: north, title: 'Harbin', key: expect.any(String), value: expect.any(String) }],
    }]);
  });
});

describe('forests', () => {
  it('answer per key the rows\' forest, or the rows owning leaves with the leaves under them', async () => {
    const areas = (await call('GET', '/demo/area/nodes', { headers: admin })).body.data;
    const north = areas[0].id as string;
    const harbin = areas[0].children[0].id as string;
    const post = (await call('POST', '/demo/area-post/submit', { headers: admin, payload: { areaId: harbin, postName: 'Driver' } })).body.data.id;
    const answer = (await call('GET', '/demo/area/staffing', { headers: admin })).body.data;
    expect(answer.areas).toEqual(areas);
    expect(answer.staffed).toEqual([{
      id: harbin, parentId: north, title: 'Harbin', key: harbin, value: harbin, hasChildren: true,
      children: [{ id: post, parentId: harbin, title: 'Driver', key: post, value: post }],
    }]);
  });
});

describe('a detail via another row', () => {
  it('answers the row the found row names, {} when it names none, 400 without the parameter', async () => {
    const captain = (await call('POST', '/demo/team-member/submit', { headers: admin, payload: { teamId: '1', memberId: '99', lead: 1 } })).body.data;
    expect((await call('POST', '/demo/team/submit', { headers: admin, payload: { teamName: 'C', captainId: captain.id } })).status).toBe(200);
    const found = await call('GET', '/demo/team/captain-of', { headers: admin, query: { name: 'C' } });
    expect(found.body.data).toMatchObject({ id: captain.id, memberId: '99' });
    expect((await call('GET', '/demo/team/captain-of', { headers: admin, query: { name: 'A' } })).body.data).toEqual({});
    expect((await call('GET', '/demo/team/captain-of', { headers: admin, query: { name: 'nobody' } })).body.data).toEqual({});
    const missing = await call('GET', '/demo/team/captain-of', { headers: admin });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toContain('name');
  });
});

describe('keyFrom: the caller\'s own row', () => {
  it('is read without the screen its entity belongs to, with the view names', async () => {
    expect((await call('GET', '/blade-user/detail', { headers: clerk, query: { id: clerkId } })).status).toBe(403);
    const info = await call('GET', '/blade-user/info', { headers: clerk, query: { id: '1' } });
    expect(info.status).toBe(200);
    expect(info.body.data).toMatchObject({ id: clerkId, account: 'clerk', roleName: 'clerk' });
    expect(info.body.data).not.toHaveProperty('password');
  });

  it('is written through the schema\'s rules, only in the endpoint\'s fields', async () => {
    const bad = await call('POST', '/blade-user/update-info', { headers: clerk, payload: { email: 'not-an-address' } });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toHaveProperty('email');
    const saved = await call('POST', '/blade-user/update-info', { headers: clerk, payload: { realName: 'Clerk One', account: 'taken-over', roleId: '1', id: '1' } });
    expect(saved.body).toMatchObject({ code: 200, data: {} });
    const info = (await call('GET', '/blade-user/info', { headers: clerk })).body.data;
    expect(info).toMatchObject({ id: clerkId, realName: 'Clerk One', account: 'clerk', roleName: 'clerk' });
  });
});
