import { keysAt } from './key-window.js';
import { keyOrderOf, listKeyOf } from './list-key.js';
import type { ReadQuery } from './read-query.js';
import type { ReaderParts } from './reader-parts.js';
import { rowMatcher } from './row-matcher.js';

/** The keys of a first page kept by PageKeys; undefined when this list does not qualify. */
export function keptFirstPage(parts: ReaderParts, opts: { read: ReadQuery; size: number; fewer?: Promise<boolean> }): Promise<string[] | undefined> | undefined {
  const { read, size, fewer } = opts;
  const ordered = keyOrderOf(read);
  if (!parts.pageKeys || !ordered) return undefined;
  return parts.pageKeys.first(read.model.table, listKeyOf(read), {
    pk: ordered.pk, desc: ordered.desc, size, match: rowMatcher(read.model, read.ctx.tenantId, read.conditions, read.scope),
    read: async (limit) => keysAt(parts, { read, offset: 0, limit, few: (await fewer) ?? false }),
  });
}
