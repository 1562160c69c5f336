import { sql } from 'kysely';
import type { IdGenerator } from '../../db/ids.js';
import { flowError } from './flow-messages.js';
import type { FlowScope } from './processes.js';
import { translate, type TextKey } from '../../../shared/i18n/translate.js';

/** 抄送: the caller's open task, the users to copy, a note. */
export interface CopyInput { taskId: string; userIds: string[]; comment: string }

const MAX_COPIES = 50;
const NOW = sql`localtimestamp(0)`;

/**
 * 抄送 (copy-task) and 抄送我的 (read-copy): the handler of an open task copies its request to
 * users of the tenant; each sees it in 抄送我的 (work-lists' copy list) and may read the request,
 * its history and diagram (History.readable), never handle it. A user copied on the request before
 * is not copied twice. The copy is a history row too (抄送给: …).
 */
export class TaskCopies {
  constructor(private readonly ids: IdGenerator) {}

  async copy({ db, ctx }: FlowScope, { taskId, userIds, comment }: CopyInput): Promise<number> {
    const wanted = [...new Set(userIds)].filter((id) => id !== ctx.userId);
    if (!wanted.length) throw flowError('copyUsersMissing');
    if (wanted.length > MAX_COPIES) throw flowError('copyTooMany', { max: MAX_COPIES });
    const task = await db.selectFrom('blade_flow_task').select(['id', 'instance_id', 'name', 'task_def_key', 'assignee_id', 'end_time'])
      .where('id', '=', taskId).where('tenant_id', '=', ctx.tenantId).executeTakeFirst();
    if (!task) throw flowError('taskMissing');
    if (task.end_time) throw flowError('taskDone');
    if (String(task.assignee_id ?? '') !== ctx.userId) throw flowError(task.assignee_id === null ? 'taskNotClaimed' : 'taskNotYours');
    const users = await db.selectFrom('blade_user').select(['id', 'real_name', 'name']).where('id', 'in', wanted)
      .where('tenant_id', '=', ctx.tenantId).where('is_deleted', '=', 0).execute();
    if (users.length !== wanted.length) throw flowError('copyUserMissing');
    const instanceId = String(task.instance_id);
    const known = new Set((await db.selectFrom('blade_flow_copy').select('user_id').where('instance_id', '=', instanceId).where('user_id', 'in', wanted).execute())
      .map((r) => String(r.user_id)));
    const fresh = users.filter((u) => !known.has(String(u.id)));
    const names = users.map((u) => u.real_name || u.name).join('、');
    const note = translate(ctx.lang, 'flow.copyComment' as TextKey, { names }) + (comment ? ` — ${comment}` : '');
    await db.transaction().execute(async (tx) => {
      if (fresh.length) {
        await tx.insertInto('blade_flow_copy').values(fresh.map((u) => ({
          id: this.ids.next(), tenant_id: ctx.tenantId, instance_id: instanceId, task_id: String(task.id), task_name: task.name,
          user_id: String(u.id), from_user_id: ctx.userId, comment: comment.slice(0, 2000),
        }))).execute();
      }
      await tx.insertInto('blade_flow_history').values({
        id: this.ids.next(), tenant_id: ctx.tenantId, instance_id: instanceId, activity_id: task.task_def_key, activity_name: task.name,
        activity_type: 'copy', task_id: String(task.id), assignee_id: ctx.userId, flag: 'copy', comment: note.slice(0, 2000), end_time: NOW,
      }).execute();
    });
    return users.length;
  }

  /** Opening a copied request marks the caller's copies of it read. */
  async read({ db, ctx }: FlowScope, instanceId: string): Promise<void> {
    await db.updateTable('blade_flow_copy').set({ read_time: NOW }).where('tenant_id', '=', ctx.tenantId).where('instance_id', '=', instanceId)
      .where('user_id', '=', ctx.userId).where('read_time', 'is', null).execute();
  }
}
