import { reportMenuSeed } from '../../modules/report/report-menus.js';
import type { MenuSeed } from './menu-seed.js';

const rowButton = (action: string, name: string, source: string) => ({ action, name, source, func: 2 });

/** Menus of bladex-backend §8.1 that the product has and no schema declares. */
export const menuSeed: MenuSeed[] = [
  { code: 'desk', name: '工作台', path: '/desk', source: 'iconfont iconicon_airplay', sort: 1 },
  { code: 'resource', name: '资源管理', path: '/resource', source: 'iconfont iconicon_coinpurse_line', sort: 6 },
  { code: 'tool', name: '研发工具', path: '/tool', source: 'iconfont icon-wxbgongju', sort: 4 },
  { code: 'monitor', name: '系统监控', path: '/monitor', source: 'iconfont icon-yanzhengma', sort: 3 },
  { code: 'log', name: '日志管理', path: '/monitor/log', parent: 'monitor', source: 'iconfont iconicon_doc', sort: 8 },
  { code: 'manage', name: '业务数据', path: '/manage', source: 'iconfont iconicon_cspace', sort: 4 },
  { code: 'report', name: '报表管理', path: '/report', source: 'iconfont iconicon_doc', sort: 5 },
  ...reportMenuSeed,
  { code: 'base', name: '基础配置', path: '/base', source: 'iconfont iconicon_affiliations_li', sort: 97 },
  { code: 'authority', name: '权限管理', path: '/authority', source: 'iconfont icon-bofangqi-suoping', sort: 98 },
  { code: 'system', name: '系统管理', path: '/system', source: 'iconfont iconicon_setting', sort: 99 },
  // Workflow (issue 12): 我的事务 and 流程管理 with their hand-written screens (saber-screens §7).
  { code: 'work', name: '我的事务', path: '/work', source: 'iconfont iconicon_notice', sort: 2, forUsers: true },
  {
    code: 'work_start', name: '发起事务', path: '/work/start', parent: 'work', source: 'iconfont iconicon_compile', sort: 1, forUsers: true,
    buttons: [rowButton('flow', '发起', 'form'), rowButton('image', '流程图', 'picture')],
  },
  {
    code: 'work_claim', name: '待签事务', path: '/work/claim', parent: 'work', source: 'iconfont iconicon_ding', sort: 2, forUsers: true,
    buttons: [rowButton('sign', '签收', 'check'), rowButton('detail', '详情', 'file-text'), rowButton('follow', '跟踪', 'picture')],
  },
  {
    code: 'work_todo', name: '待办事务', path: '/work/todo', parent: 'work', source: 'iconfont iconicon_savememo', sort: 2, forUsers: true,
    buttons: [rowButton('handle', '处理', 'form'), rowButton('detail', '详情', 'file-text'), rowButton('follow', '跟踪', 'picture')],
  },
  {
    code: 'work_send', name: '已发事务', path: '/work/send', parent: 'work', source: 'iconfont iconicon_doc', sort: 3, forUsers: true,
    buttons: [rowButton('detail', '详情', 'file-text'), rowButton('follow', '跟踪', 'picture')],
  },
  {
    code: 'work_done', name: '办结事务', path: '/work/done', parent: 'work', source: 'iconfont iconicon_dispose', sort: 4, forUsers: true,
    buttons: [rowButton('detail', '详情', 'file-text'), rowButton('follow', '跟踪', 'picture')],
  },
  {
    code: 'work_copy', name: '抄送我的', path: '/work/copy', parent: 'work', source: 'iconfont iconicon_message', sort: 6, forUsers: true,
    buttons: [rowButton('detail', '详情', 'file-text'), rowButton('follow', '跟踪', 'picture')],
  },
  { code: 'flow', name: '流程管理', path: '/flow', source: 'iconfont iconicon_send', sort: 5 },
  {
    code: 'flow_model', name: '模型管理', path: '/flow/model', parent: 'flow', source: 'iconfont iconicon_discovery', sort: 1,
    buttons: [
      { action: 'create', name: '创建', source: 'plus', func: 1 },
      rowButton('update', '配置', 'setting'),
      rowButton('deploy', '部署', 'upload'),
      rowButton('download', '下载', 'download'),
      rowButton('delete', '删除', 'delete'),
    ],
  },
  { code: 'flow_deploy', name: '流程部署', path: '/flow/deploy', parent: 'flow', source: 'iconfont iconicon_cspace', sort: 2 },
  {
    code: 'flow_manager', name: '流程管理', path: '/flow/manager', parent: 'flow', source: 'iconfont iconicon_cloud_history', sort: 3,
    buttons: [rowButton('state', '变更状态', 'setting'), rowButton('image', '流程图', 'picture'), rowButton('remove', '删除', 'delete')],
  },
  {
    // Saber's 流程跟踪 checks flow_follow_delete (saber-screens §7.4).
    code: 'flow_follow', name: '流程跟踪', path: '/flow/follow', parent: 'flow', source: 'iconfont iconicon_GPS', sort: 4,
    buttons: [rowButton('delete', '删除', 'delete')],
  },
];
