import { systemContext, type AppServices } from '../../app-services.js';
import type { Definitions } from './definitions.js';
import { LEAVE_BPMN, LEAVE_CATEGORY, LEAVE_PROCESS_KEY } from './leave-process.js';

interface MenuRow { code: string; name: string; path: string; source: string; sort: number; buttons?: [string, string, string][] }

/* bladex-backend §8.1: 我的事务 and 流程管理 with their screens and buttons (code `<page>_<action>`). */
const WORK: MenuRow[] = [
  { code: 'work_start', name: '发起事务', path: '/work/start', source: 'iconfont iconicon_compile', sort: 1, buttons: [['flow', '发起', 'flow'], ['image', '流程图', 'image']] },
  { code: 'work_claim', name: '待签事务', path: '/work/claim', source: 'iconfont iconicon_ding', sort: 2, buttons: [['sign', '签收', 'sign'], ['detail', '详情', 'file-text'], ['follow', '跟踪', 'search']] },
  { code: 'work_todo', name: '待办事务', path: '/work/todo', source: 'iconfont iconicon_savememo', sort: 2, buttons: [['handle', '处理', 'form'], ['detail', '详情', 'file-text'], ['follow', '跟踪', 'search']] },
  { code: 'work_send', name: '已发事务', path: '/work/send', source: 'iconfont iconicon_doc', sort: 3, buttons: [['detail', '详情', 'file-text'], ['follow', '跟踪', 'search']] },
  { code: 'work_done', name: '办结事务', path: '/work/done', source: 'iconfont iconicon_dispose', sort: 4, buttons: [['detail', '详情', 'file-text'], ['follow', '跟踪', 'search']] },
];
const FLOW: MenuRow[] = [
  { code: 'flow_model', name: '模型管理', path: '/flow/model', source: 'iconfont iconicon_discovery', sort: 1,
    buttons: [['create', '创建', 'plus'], ['update', '配置', 'form'], ['deploy', '部署', 'upload'], ['download', '下载', 'download'], ['delete', '删除', 'delete']] },
  { code: 'flow_deploy', name: '流程部署', path: '/flow/deploy', source: 'iconfont iconicon_cspace', sort: 2 },
  { code: 'flow_manager', name: '流程管理', path: '/flow/manager', source: 'iconfont iconicon_cloud_history', sort: 3,
    buttons: [['state', '变更状态', 'edit'], ['image', '流程图', 'image'], ['remove', '删除', 'delete']] },
  { code: 'flow_follow', name: '流程跟踪', path: '/flow/follow', source: 'iconfont iconicon_GPS', sort: 4, buttons: [['delete', '删除', 'delete']] },
];

/** Adds the 我的事务 / 流程管理 menus where their codes are new; a new 我的事务 goes to every role holding 工作台. */
export async function seedFlowMenus(services: AppServices): Promise<void> {
  const model = services.model('system/menu');
  const ctx = systemContext();
  const existing = await services.repo.list(model, ctx, { conditions: [], order: [] });
  const idByCode = new Map(existing.map((m) => [String(m.code), String(m.id)]));
  const created: string[] = [];
  const add = async (code: string, record: Record<string, unknown>) => {
    if (idByCode.has(code)) return idByCode.get(code)!;
    const id = await services.repo.insert(model, ctx, { code, alias: 'menu', category: 1, action: 0, isOpen: 1, ...record });
    idByCode.set(code, id);
    created.push(code);
    return id;
  };
  const tree = async (group: { code: string; name: string; path: string; source: string; sort: number }, rows: MenuRow[]) => {
    const groupId = await add(group.code, { name: group.name, path: group.path, source: group.source, sort: group.sort, parentId: '0' });
    const ids = [groupId];
    for (const row of rows) {
      const id = await add(row.code, { name: row.name, path: row.path, source: row.source, sort: row.sort, parentId: groupId });
      ids.push(id);
      for (const [index, [action, name, icon]] of (row.buttons ?? []).entries()) {
        ids.push(await add(`${row.code}_${action}`, { name, alias: action, source: icon, category: 2, action: 2, sort: index + 1, parentId: id, path: '' }));
      }
    }
    return ids;
  };
  const workIds = await tree({ code: 'work', name: '我的事务', path: '/work', source: 'iconfont iconicon_notice', sort: 2 }, WORK);
  await tree({ code: 'flow', name: '流程管理', path: '/flow', source: 'iconfont iconicon_send', sort: 5 }, FLOW);
  if (!created.includes('work')) return;
  const deskId = idByCode.get('desk');
  if (!deskId) return;
  const roleMenu = services.model('system/role-menu');
  const holders = await services.repo.db.selectFrom(roleMenu.table).select('role_id').distinct().where('menu_id', '=', deskId).execute();
  for (const { role_id } of holders) {
    for (const menuId of workIds) await services.repo.insert(roleMenu, ctx, { roleId: String(role_id), menuId });
  }
}

/** The shared leave process, deployed once (a later start keeps what admins changed). */
export async function seedLeaveProcess(services: AppServices, definitions: Definitions): Promise<void> {
  const found = await services.repo.db.selectFrom('blade_flow_definition').select('id').where('process_key', '=', LEAVE_PROCESS_KEY).limit(1).executeTakeFirst();
  if (found) return;
  await definitions.deploy(systemContext(), { xml: LEAVE_BPMN, resourceName: 'Leave.bpmn20.xml', category: LEAVE_CATEGORY, tenantIds: [] });
}
