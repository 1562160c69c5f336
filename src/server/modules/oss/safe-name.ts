import { resolve, sep } from 'node:path';

const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,127}$/;
const MAX_SEGMENTS = 8;

/**
 * Whether `name` is an object name we could have issued: slash-separated segments of
 * letters, digits, `.`, `_` and `-`, none of them `.` or `..`. Anything else (`../`,
 * backslashes, NUL, percent-encodings, absolute paths) is refused before any disk access.
 */
export function isSafeName(name: string): boolean {
  const segments = name.split('/');
  return segments.length <= MAX_SEGMENTS && segments.every((s) => SEGMENT.test(s) && s !== '..' && s !== '.');
}

/**
 * The absolute path of `name` inside `root`, or undefined when the name is not safe or
 * resolves outside the root (checked again after normalizing, as a second wall).
 */
export function pathInside(root: string, name: string): string | undefined {
  if (!isSafeName(name)) return undefined;
  const base = resolve(root);
  const full = resolve(base, name);
  return full.startsWith(base + sep) ? full : undefined;
}
