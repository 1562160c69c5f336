import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { aliyunSignature } from '../../src/server/modules/sms/providers/aliyun-provider.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

interface Received { method: string; path: string; query: URLSearchParams; headers: Record<string, unknown>; body: string }

const SEND = '/api/blade-resource/sms/endpoint/send-message';

let t: TestApp;
let a: Record<string, string>;
let vendor: Server;
let vendorUrl: string;
let received: Received[] = [];
let reply: Record<string, unknown> = {};

async function addConfig(record: Record<string, unknown>) {
  const res = await t.call({ method: 'POST', url: '/api/blade-resource/sms/submit', headers: a, payload: record });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
}

beforeAll(async () => {
  vendor = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => { body += chunk; });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      received.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams, headers: req.headers, body });
      res.setHeader('content-type', 'application/json;charset=utf-8');
      res.end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => vendor.listen(0, '127.0.0.1', resolve));
  vendorUrl = `http://127.0.0.1:${(vendor.address() as AddressInfo).port}`;
  t = await startTestApp();
  a = await t.login();
  await addConfig({ category: 1, smsCode: 'yunpian', accessKey: 'yp-api-key', templateId: '您的验证码是#code#,请勿泄露', signName: 'Atrium', endpoint: vendorUrl });
  await addConfig({ category: 3, smsCode: 'aliyun', accessKey: 'LTAI-test', secretKey: 'ali-secret', signName: '阿里云短信测试', templateId: 'SMS_154950909', endpoint: vendorUrl });
});
beforeEach(() => { received = []; });
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => vendor?.close(resolve));
});

describe('yunpian (form POST single_send)', () => {
  it('posts one message per phone with the api key, the number and the signed, filled text', async () => {
    reply = { code: 0, msg: '发送成功', count: 1, fee: 0.05, unit: 'RMB', mobile: '', sid: 1 };
    const res = await t.call({ method: 'POST', url: SEND, headers: a, query: { code: 'yunpian', phones: '13800138000,13900139000', params: '{"code":"4321"}' } });
    expect(res.body).toMatchObject({ code: 200, msg: '短信发送成功' });
    expect(received).toHaveLength(2);
    for (const [i, phone] of ['13800138000', '13900139000'].entries()) {
      expect(received[i]).toMatchObject({ method: 'POST', path: '/v2/sms/single_send.json' });
      expect(String(received[i].headers['content-type'])).toMatch(/^application\/x-www-form-urlencoded/);
      const form = new URLSearchParams(received[i].body);
      expect(Object.fromEntries(form)).toEqual({ apikey: 'yp-api-key', mobile: phone, text: '【Atrium】您的验证码是4321,请勿泄露' });
    }
  });

  it('answers 短信发送失败 with the vendor\'s reason', async () => {
    reply = { http_status_code: 400, code: 2, msg: '请求参数格式错误', detail: '参数 text 格式不正确' };
    const res = await t.call({ method: 'POST', url: SEND, headers: a, query: { code: 'yunpian', phones: '13800138000', params: '{"code":"1"}' } });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('短信发送失败: 请求参数格式错误: 参数 text 格式不正确');
  });
});

describe('aliyun (signed GET SendSms)', () => {
  it('signs as aliyun documents it (their published example)', () => {
    const params = {
      AccessKeyId: 'testId', Action: 'SendSms', Format: 'XML', OutId: '123', PhoneNumbers: '15300000001', RegionId: 'cn-hangzhou',
      SignName: '阿里云短信测试专用', SignatureMethod: 'HMAC-SHA1', SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
      SignatureVersion: '1.0', TemplateCode: 'SMS_71390007', TemplateParam: '{"customer":"test"}', Timestamp: '2017-07-12T02:42:19Z', Version: '2017-05-25',
    };
    expect(aliyunSignature(params, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  });

  it('sends every phone in one signed call with the template and its params', async () => {
    reply = { Code: 'OK', Message: 'OK', BizId: '9006197469364984^0', RequestId: 'F655A8D5-B967-440B-8683-DAD6FF8DE990' };
    const res = await t.call({ method: 'POST', url: SEND, headers: a, query: { code: 'aliyun', phones: '13800138000,13900139000', params: '{"code":"2333"}' } });
    expect(res.body).toMatchObject({ code: 200, msg: '短信发送成功' });
    expect(received).toHaveLength(1);
    const { method, path, query } = received[0];
    expect([method, path]).toEqual(['GET', '/']);
    const params = Object.fromEntries(query);
    expect(params).toMatchObject({
      Action: 'SendSms', AccessKeyId: 'LTAI-test', PhoneNumbers: '13800138000,13900139000', SignName: '阿里云短信测试',
      TemplateCode: 'SMS_154950909', TemplateParam: '{"code":"2333"}', RegionId: 'cn-hangzhou', Version: '2017-05-25',
      SignatureMethod: 'HMAC-SHA1', SignatureVersion: '1.0', Format: 'JSON',
    });
    const { Signature, ...signed } = params;
    expect(Signature).toBe(aliyunSignature(signed, 'ali-secret'));
    expect(params.Timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  });

  it('answers 短信发送失败 with aliyun\'s code and message', async () => {
    reply = { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发小时级流控Permits:5', RequestId: 'x' };
    const res = await t.call({ method: 'POST', url: SEND, headers: { ...a, 'accept-language': 'en' }, query: { code: 'aliyun', phones: '13800138000' } });
    expect(res.body).toMatchObject({ code: 400, msg: 'sending the message failed: isv.BUSINESS_LIMIT_CONTROL: 触发小时级流控Permits:5' });
  });

  it('answers 短信发送失败 when the vendor cannot be reached', async () => {
    await addConfig({ category: 3, smsCode: 'down', accessKey: 'k', secretKey: 's', signName: 'x', templateId: 'T', endpoint: 'http://127.0.0.1:9' });
    const res = await t.call({ method: 'POST', url: SEND, headers: a, query: { code: 'down', phones: '13800138000' } });
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/^短信发送失败: /);
  });
});

describe('vendor configurations', () => {
  it('need the fields their vendor uses', async () => {
    const res = await t.call({ method: 'POST', url: '/api/blade-resource/sms/submit', headers: a, payload: { category: 3, smsCode: 'ali-bare', accessKey: 'k' } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fieldErrors).sort()).toEqual(['secretKey', 'signName', 'templateId']);
    expect(res.body.msg).toBe('请输入secretKey');
  });

  it('name a missing field by the label its vendor gives it (云片: 模版内容, apiKey)', async () => {
    const res = await t.call({ method: 'POST', url: '/api/blade-resource/sms/submit', headers: a, payload: { category: 1, smsCode: 'yp-bare' } });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({ accessKey: '请输入apiKey', templateId: '请输入模版内容' });
  });

  it('say plainly when the vendor is not implemented yet', async () => {
    await addConfig({ category: 4, smsCode: 'tencent', accessKey: 'k', secretKey: 's', signName: 'x', templateId: 'T', endpoint: vendorUrl });
    const res = await t.call({ method: 'POST', url: SEND, headers: a, query: { code: 'tencent', phones: '13800138000' } });
    expect(res.body).toMatchObject({ code: 400, msg: '暂不支持该短信服务类型: 4' });
    expect(received).toHaveLength(0);
  });
});

describe('enable', () => {
  it('switches on exactly one configuration, which then serves sends without a code', async () => {
    const list = async () => (await t.call({ method: 'GET', url: '/api/blade-resource/sms/list', headers: a, query: { size: '200' } })).body.data.records as Record<string, unknown>[];
    const yunpian = (await list()).find((r) => r.smsCode === 'yunpian')!;
    const res = await t.call({ method: 'POST', url: '/api/blade-resource/sms/enable', headers: a, query: { id: String(yunpian.id) } });
    expect(res.body.code).toBe(200);
    expect((await list()).filter((r) => r.status === 2).map((r) => r.smsCode)).toEqual(['yunpian']);
    reply = { code: 0, msg: '发送成功' };
    await t.call({ method: 'POST', url: SEND, headers: a, query: { phones: '13800138000', params: '{"code":"9"}' } });
    expect(received.map((r) => r.path)).toEqual(['/v2/sms/single_send.json']);
  });
});
