import { describe, expect, it } from 'vitest';
import { errorLogOf, formatTime } from '../../../../src/client/chrome/error-log/error-log-entry';

const now = new Date(2026, 0, 2, 3, 4, 5);

describe('error log entries', () => {
  it('formats the time as YYYY-MM-DD HH:mm:ss', () => {
    expect(formatTime(now)).toBe('2026-01-02 03:04:05');
  });

  it('keeps type, url, message, stack, info and time of an Error', () => {
    const error = new Error('boom');
    expect(errorLogOf({ error, info: 'unhandledrejection', url: 'http://x/wel/index', now })).toEqual({
      type: 'error', url: 'http://x/wel/index', message: 'boom', stack: error.stack, info: 'unhandledrejection', time: '2026-01-02 03:04:05',
    });
  });

  it('turns anything else thrown into a message without a stack', () => {
    expect(errorLogOf({ error: 'plain', info: '', url: '', now })).toMatchObject({ message: 'plain', stack: '' });
    expect(errorLogOf({ error: { code: 1 }, info: '', url: '', now }).message).toBe('{"code":1}');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(errorLogOf({ error: cyclic, info: '', url: '', now }).message).toBe('[object Object]');
  });
});
