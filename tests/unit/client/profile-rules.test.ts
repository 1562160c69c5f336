import { describe, expect, it } from 'vitest';
import { avatarProblem, passwordProblems, phoneProblem } from '../../../src/client/pages/info/profile-rules';
import { needsGuestRegistration, registerProblem } from '../../../src/client/session/guest';
import { zh } from '../../../src/client/i18n/zh';

describe('phone rule', () => {
  it('checks emptiness, then the length of 11, then the format, with the spec messages', () => {
    expect(phoneProblem('')).toBe('phoneRequired');
    expect(phoneProblem('1381234567')).toBe('phoneLength');
    expect(phoneProblem('12345678901')).toBe('phoneFormat');
    expect(phoneProblem('13812345678')).toBeUndefined();
    expect([zh.info.phoneRequired, zh.info.phoneLength, zh.info.phoneFormat]).toEqual(['手机号码不能为空', '手机号码长度不为11位', '手机号码格式不正确']);
  });
});

describe('avatar rule', () => {
  it('takes JPG and PNG up to 500 kB only', () => {
    expect(avatarProblem({ type: 'image/png', size: 500 * 1024 })).toBeUndefined();
    expect(avatarProblem({ type: 'image/jpeg', size: 10 })).toBeUndefined();
    expect(avatarProblem({ type: 'image/gif', size: 10 })).toBe('avatarType');
    expect(avatarProblem({ type: 'image/png', size: 500 * 1024 + 1 })).toBe('avatarSize');
    expect(zh.info.avatarType).toBe('上传头像图片只能是 JPG/PNG 格式!');
    expect(zh.info.avatarSize).toBe('上传头像图片大小不能超过 500kb!');
  });
});

describe('password change rule', () => {
  it('requires the three fields and the two new ones to match', () => {
    expect(passwordProblems({ oldPassword: '', newPassword: '', newPassword1: '' })).toEqual({ oldPassword: 'oldRequired', newPassword: 'newRequired', newPassword1: 'confirmRequired' });
    expect(passwordProblems({ oldPassword: 'a', newPassword: 'b', newPassword1: 'c' })).toEqual({ newPassword1: 'mismatch' });
    expect(passwordProblems({ oldPassword: 'a', newPassword: 'b', newPassword1: 'b' })).toEqual({});
  });
});

describe('guest registration', () => {
  const form = { tenantId: '000000', name: 'Guest', account: 'guest', password: 'pw', password2: 'pw' };

  it('opens for a user id that is empty or negative', () => {
    const info = { tenant_id: '000000', user_name: 'g' };
    expect(needsGuestRegistration({ ...info, user_id: '' })).toBe(true);
    expect(needsGuestRegistration({ ...info, user_id: '-1' })).toBe(true);
    expect(needsGuestRegistration({ ...info, user_id: '912164117947813888' })).toBe(false);
    expect(needsGuestRegistration(undefined)).toBe(false);
  });

  it('checks in order: tenant, account, passwords, then that they match', () => {
    expect(registerProblem({ ...form, tenantId: '', account: '', password: '' })).toBe('tenantRequired');
    expect(registerProblem({ ...form, account: ' ', password: '' })).toBe('accountRequired');
    expect(registerProblem({ ...form, password2: '' })).toBe('passwordRequired');
    expect(registerProblem({ ...form, password2: 'other' })).toBe('passwordMismatch');
    expect(registerProblem(form)).toBeUndefined();
    expect([zh.register.tenantRequired, zh.register.accountRequired, zh.register.passwordRequired, zh.register.passwordMismatch]).toEqual([
      '请先输入租户编号', '请先输入账号名称', '请先输入密码', '两次密码输入不一致',
    ]);
  });
});
