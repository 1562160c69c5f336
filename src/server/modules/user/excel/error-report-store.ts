import { randomBytes } from 'node:crypto';
import type { RequestContext } from '../../../engine/request-context.js';
import type { SharedStore } from '../../../store/shared-store.js';

/** How long an error report can be downloaded after the failed import. */
const TTL_SECONDS = 30 * 60;
const ID = /^[0-9a-f]{32}$/;

/* Keyed by tenant and user: only whoever uploaded the file can fetch its report. */
const keyOf = (ctx: RequestContext, id: string) => `user-import-errors:${ctx.tenantId}:${ctx.userId}:${id}`;

/** Keeps the annotated workbook in the shared store (so any node can serve it); answers its id. */
export async function keepErrorWorkbook(store: SharedStore, ctx: RequestContext, workbook: Buffer): Promise<string> {
  const id = randomBytes(16).toString('hex');
  await store.set(keyOf(ctx, id), workbook.toString('base64'), TTL_SECONDS);
  return id;
}

export async function findErrorWorkbook(store: SharedStore, ctx: RequestContext, id: unknown): Promise<Buffer | undefined> {
  if (typeof id !== 'string' || !ID.test(id)) return undefined;
  const stored = await store.get(keyOf(ctx, id));
  return stored === undefined ? undefined : Buffer.from(stored, 'base64');
}
