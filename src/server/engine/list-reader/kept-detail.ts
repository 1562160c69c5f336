import { keyFieldOf, type EntityModel } from '../../../shared/schema/entity-model.js';
import type { RowScope } from '../access-policy.js';
import type { EntityRecord } from '../record-codec.js';
import type { RequestContext } from '../request-context.js';
import { keyReadRecord, readKeyRow } from './key-read.js';
import { listKeyOf } from './list-key.js';
import type { ReaderParts } from './reader-parts.js';
import { isIntegral } from './row-matcher.js';

/** Prefix of the kept lists of reads by key: NUL, which no tenant id (a list key's start) can hold, so the rows with secrets are never a page's. */
const KEY_READS = '\0key|';

/** A key in the form the database writes it back (`0123` or `+5` find row 123 or 5, whose kept row answers `123`, `5`). */
const CANONICAL_INTEGER = /^(0|-?[1-9][0-9]{0,18})$/;

export interface KeyRead {
  model: EntityModel;
  ctx: RequestContext;
  key: string;
  scope?: RowScope;
}

/**
 * A detail's record with its secrets (the caller masks them), kept like a kept page's rows
 * (KeptRows) under a list of its own: reading a row again while no logged write touched it
 * (and at least once a second) takes no statement. Elsewhere — a data source, a key not in
 * its canonical form (a kept row answers the text it was read under) — it is read now.
 * Writes read their row with the repository's `findByKey`, never from here.
 */
export function keptRecord(parts: ReaderParts, read: KeyRead): Promise<EntityRecord | undefined> {
  const { model, ctx, key, scope } = read;
  const kept = parts.keptRows;
  const pk = keyFieldOf(model);
  const keyRead = { model, ctx, key, scope, withSecrets: true };
  const record = (row: Record<string, unknown> | undefined) => row && keyReadRecord(model, row, true);
  if (!kept || model.datasource || !isIntegral(pk) || !CANONICAL_INTEGER.test(key)) return readKeyRow(parts.source, keyRead).then(record);
  const listKey = `${KEY_READS}${listKeyOf({ model, ctx, conditions: [], scope })}`;
  return kept.ofKey(model.table, listKey, model, pk.column, key, () => readKeyRow(parts.source, keyRead)).then(record);
}
