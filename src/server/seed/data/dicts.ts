/** One entry of a dictionary: a child row of the header (`dictKey` = key, `dictValue` = value). */
export interface DictEntrySeed {
  key: string;
  value: string;
  remark?: string;
}

/** A system dictionary (`blade_dict`): one header row (parent 0, key -1, value = title) and its entries. */
export interface DictSeed {
  code: string;
  title: string;
  entries: DictEntrySeed[];
}

function entries(...pairs: [key: string, value: string][]): DictEntrySeed[] {
  return pairs.map(([key, value]) => ({ key, value }));
}

/** The dictionaries BladeX seeds (bladex-backend §8.2), in its order. */
export const dictSeed: DictSeed[] = [
  { code: 'sex', title: '性别', entries: entries(['1', '男'], ['2', '女']) },
  {
    code: 'notice',
    title: '通知类型',
    entries: entries(['1', '发布通知'], ['2', '批转通知'], ['3', '转发通知'], ['4', '指示通知'], ['5', '任免通知'], ['6', '事务通知']),
  },
  { code: 'menu_category', title: '菜单类型', entries: entries(['1', '菜单'], ['2', '按钮']) },
  { code: 'button_func', title: '按钮功能', entries: entries(['1', '工具栏'], ['2', '操作栏'], ['3', '工具操作栏']) },
  { code: 'yes_no', title: '是否', entries: entries(['1', '否'], ['2', '是']) },
  {
    code: 'data_scope_type',
    title: '数据权限',
    entries: entries(['1', '全部可见'], ['2', '本人可见'], ['3', '所在机构可见'], ['4', '所在机构及子级可见'], ['5', '自定义']),
  },
  { code: 'api_scope_type', title: '接口权限', entries: entries(['1', '系统接口'], ['2', '业务接口']) },
  { code: 'post_category', title: '岗位类型', entries: entries(['1', '高层'], ['2', '中层'], ['3', '基层'], ['4', '其他']) },
  {
    code: 'region',
    title: '行政区划',
    entries: entries(['0', '国家'], ['1', '省份/直辖市'], ['2', '地市'], ['3', '区县'], ['4', '乡镇'], ['5', '村委']),
  },
  {
    code: 'flow',
    title: '流程类型',
    entries: [
      { key: '1', value: '请假流程', remark: 'leave' },
      { key: '2', value: '报销流程', remark: 'expense' },
    ],
  },
  { code: 'org_category', title: '机构类型', entries: entries(['1', '公司'], ['2', '部门'], ['3', '小组']) },
  { code: 'scope_category', title: '权限类型', entries: entries(['1', '数据权限'], ['2', '接口权限']) },
  { code: 'oss', title: '对象存储类型', entries: entries(['1', 'minio'], ['2', '七牛云'], ['3', '阿里云'], ['4', '腾讯云'], ['5', '本地存储']) },
  { code: 'sms', title: '短信服务类型', entries: entries(['1', '云片'], ['2', '七牛云'], ['3', '阿里云'], ['4', '腾讯云'], ['5', '日志']) },
  { code: 'user_type', title: '用户平台', entries: entries(['1', 'WEB'], ['2', 'APP'], ['3', 'OTHER']) },
  // Business data (manage module, reports).
  {
    code: 'expense_category',
    title: '费用类别',
    entries: entries(['1', '材料费'], ['2', '机械租赁'], ['3', '车辆油费'], ['4', '车辆维修'], ['5', '差旅费'], ['6', '办公费'], ['7', '其他']),
  },
  { code: 'asset_category', title: '资产类别', entries: entries(['1', '机械设备'], ['2', '运输工具'], ['3', '电子设备'], ['4', '办公家具']) },
];
