import { describe, expect, it } from 'vitest';
import { maskUrl } from '../../../src/server/modules/log/mask-url.js';

describe('maskUrl', () => {
  it('masks the value of every query parameter named like a token, secret or password', () => {
    expect(maskUrl('/api/blade-user/export-user?blade-auth=eyJ.abc.def&account=x&access_token=t0k'))
      .toBe('/api/blade-user/export-user?blade-auth=******&account=x&access_token=******');
    expect(maskUrl('/x?Blade-Auth=bearer%20eyJ&refresh_token=r&clientSecret=s&new_password=p&a=1'))
      .toBe('/x?Blade-Auth=******&refresh_token=******&clientSecret=******&new_password=******&a=1');
  });

  it('masks a name written percent-encoded, and queries after the # of a hash-routed page', () => {
    expect(maskUrl('/x?access%5Ftoken=t')).toBe('/x?access%5Ftoken=******');
    expect(maskUrl('http://h/#/wel/index?token=t&tab=2')).toBe('http://h/#/wel/index?token=******&tab=2');
  });

  it('masks the password of user:password@ (up to the host\'s @) and a JDBC URL\'s password parameter', () => {
    expect(maskUrl('postgres://postgres:Typed-pw-9@127.0.0.1:5432/test')).toBe('postgres://postgres:******@127.0.0.1:5432/test');
    expect(maskUrl('mysql://root:p@ss@db/x')).toBe('mysql://root:******@db/x');
    expect(maskUrl('jdbc:mysql://h:3306/test?user=root&password=Query-pw-5&useSSL=false')).toBe('jdbc:mysql://h:3306/test?user=root&password=******&useSSL=false');
    expect(maskUrl('mysql://root@db/x')).toBe('mysql://root@db/x');
  });

  it('leaves a URL without secrets exactly as it was', () => {
    for (const url of ['/api/blade-system/param/list?current=1&size=10', '/a?flag', '/plain/path', '/a?x=1%202&y=']) expect(maskUrl(url)).toBe(url);
  });
});
