import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/server/app-services.js';
import { deptIds } from '../support/add-user.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let a: Record<string, string>;
let valid: () => Record<string, unknown>;

const submit = (payload: object, lang = 'zh') =>
  t.call({ method: 'POST', url: '/api/blade-user/submit', headers: { ...a, 'accept-language': lang }, payload });

beforeAll(async () => {
  t = await startTestApp();
  a = await t.login();
  const roles = await t.services.system.repo.list(t.services.model('system/role'), systemContext(), { conditions: [], order: [] });
  const roleId = String(roles.find((r) => r.roleAlias === 'user')!.id);
  const deptId = (await deptIds(t.services))['布雷德科技'];
  valid = () => ({ account: `rule-${randomBytes(3).toString('hex')}`, name: 'nick', realName: '张三', password: 'pw-1', password2: 'pw-1', roleId, deptId });
});
afterAll(() => t?.close());

describe('user rules (spec §5, Saber user form), server side', () => {
  it('refuses a short phone, a malformed phone and a malformed email with the spec messages, in zh and en', async () => {
    const zh = await submit({ ...valid(), phone: '12345', email: 'xx' });
    expect(zh.status).toBe(400);
    expect(zh.body.fieldErrors).toMatchObject({ phone: '手机号码长度不为11位', email: '邮箱格式不正确' });
    const en = await submit({ ...valid(), phone: '12345678901' }, 'en');
    expect(en.body.fieldErrors).toMatchObject({ phone: 'the phone number format is incorrect' });
    expect((await submit({ ...valid(), phone: '12345678901' })).body.msg).toBe('手机号码格式不正确');
  });

  it('refuses a one-character real name, and a new user without password, role or department', async () => {
    const short = await submit({ ...valid(), realName: 'x' });
    expect(short.body.fieldErrors.realName).toBe('姓名长度在2到10个字符');
    const { password: _p, password2: _p2, roleId: _r, deptId: _d, ...bare } = valid();
    const res = await submit(bare);
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toMatchObject({ password: '请输入密码', roleId: '请选择所属角色', deptId: '请选择所属部门' });
    const en = await submit(bare, 'en');
    expect(en.body.fieldErrors).toMatchObject({ password: 'please enter the password', deptId: 'please select the departments' });
  });

  it('refuses a confirmation that differs from the password, and saves a matching one', async () => {
    const mismatch = await submit({ ...valid(), password2: 'other' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.fieldErrors).toEqual({ password2: '两次输入密码不一致!' });
    expect((await submit({ ...valid(), password2: 'other' }, 'en')).body.msg).toBe('the two passwords do not match');
    const saved = await submit({ ...valid(), phone: '13800138000', email: 'a@example.com' });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
  });

  it('edits a user without the password (not in the edit form) and with empty optional fields', async () => {
    const created = await submit(valid());
    const id = created.body.data.id;
    const detail = (await t.call({ method: 'GET', url: '/api/blade-user/detail', headers: a, query: { id } })).body.data;
    expect(detail.birthday).toBe('');
    const res = await t.call({ method: 'POST', url: '/api/blade-user/update', headers: a, payload: { ...detail, password: '', phone: '', email: '', birthday: '' } });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  });
});

describe('OSS and SMS rules follow the category (schema allOf)', () => {
  const oss = (payload: object) => t.call({ method: 'POST', url: '/api/blade-resource/oss/submit', headers: a, payload });
  const sms = (payload: object) => t.call({ method: 'POST', url: '/api/blade-resource/sms/submit', headers: a, payload });
  const code = () => `c${randomBytes(3).toString('hex')}`;

  it('local storage needs no endpoint or bucket; an S3 vendor needs both, and so does a local row turned into one', async () => {
    const local = await oss({ category: 5, ossCode: code(), endpoint: '', bucketName: '' });
    expect(local.body.code, JSON.stringify(local.body)).toBe(200);
    const minio = await oss({ category: 1, ossCode: code(), accessKey: 'k', secretKey: 's' });
    expect(minio.status).toBe(400);
    expect(Object.keys(minio.body.fieldErrors).sort()).toEqual(['bucketName', 'endpoint']);
    expect(minio.body.msg).toBe('请输入资源地址');
    const turned = await oss({ id: local.body.data.id, category: 1 });
    expect(Object.keys(turned.body.fieldErrors).sort()).toEqual(['accessKey', 'bucketName', 'endpoint', 'secretKey']);
    const remarkOnly = await oss({ id: local.body.data.id, remark: 'still local' });
    expect(remarkOnly.body.code).toBe(200);
  });

  it('an SMS setting saved without a service address can be edited later', async () => {
    const created = await sms({ category: 1, smsCode: code(), accessKey: 'api-key', templateId: '【x】#code#', endpoint: '' });
    expect(created.body.code, JSON.stringify(created.body)).toBe(200);
    const detail = (await t.call({ method: 'GET', url: '/api/blade-resource/sms/detail', headers: a, query: { id: created.body.data.id } })).body.data;
    expect(detail.endpoint).toBe('');
    expect((await sms({ ...detail, remark: 'edited' })).body.code).toBe(200);
    const yunpianWithoutKey = await sms({ id: created.body.data.id, accessKey: '' });
    // Category 1 (Yunpian) shows accessKey as apiKey, and so does its message.
    expect(yunpianWithoutKey.body.fieldErrors).toEqual({ accessKey: '请输入apiKey' });
  });
});
