import { createTwoFilesPatch } from 'diff';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Three-way merge of a regenerated schema: `base` is what the generator wrote last time,
 * `edited` the file as it is now, `next` the new generation. A key the developer left as
 * generated takes the new value (or goes, when the new generation has none); a key the
 * developer changed, added or removed keeps the developer's version. Objects merge key by
 * key; arrays and scalars are one value each.
 */
export function mergeRegenerated(base: Json | undefined, edited: Json, next: Json): Json {
  const out: Json = {};
  const keys = [...Object.keys(edited), ...Object.keys(next).filter((k) => !(k in edited))];
  for (const key of keys) {
    const b = base?.[key];
    const e = edited[key];
    const n = next[key];
    let value: unknown;
    if (same(e, b)) value = n;
    else if (isObject(e) && isObject(n) && (b === undefined || isObject(b))) value = mergeRegenerated(b as Json | undefined, e, n);
    else if (e === undefined && b === undefined) value = n;
    else value = e;
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/** A unified diff of a schema file, for the preview (empty when nothing changes). */
export function schemaDiff(path: string, before: string, after: string): string {
  if (before === after) return '';
  return createTwoFilesPatch(path, path, before, after, 'on disk', 'generated', { context: 2 });
}
