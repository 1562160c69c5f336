import { requiredField } from '../../engine/rows.js';
import type { RequestContext } from '../../engine/request-context.js';
import { demoAccounts } from '../../seed/data/demo-accounts.js';
import type { UserDeps } from './user-deps.js';

/**
 * The demo accounts (hr, manager, boss) that are users of the caller's tenant now, for the
 * welcome page's list: none when the install started with `DEMO_ACCOUNTS=off`, none once
 * an operator removed them, none in another tenant.
 */
export async function demoAccountList({ services, model }: UserDeps, ctx: RequestContext): Promise<string[]> {
  const field = requiredField(model, 'account');
  const names = demoAccounts.map((demo) => demo.account);
  const rows = await services.system.repo.list(model, ctx, { conditions: [{ field, op: 'in', value: names }], order: [] });
  const live = new Set(rows.map((row) => String(row.account)));
  return names.filter((name) => live.has(name));
}
