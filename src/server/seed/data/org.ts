/* The organisation BladeX seeds (bladex-backend §7, §8): the management tenant, the
   OAuth clients, roles, departments, posts, parameters and demo notices. */

export interface TenantSeed {
  tenantId: string;
  tenantName: string;
  linkman: string;
  contactNumber: string;
  /** User quota; -1 = unlimited. */
  accountNumber: number;
}

export interface ClientSeed {
  clientId: string;
  clientSecret: string;
  scope: string;
  authorizedGrantTypes: string;
  /** Seconds. */
  accessTokenValidity: number;
  /** Seconds. */
  refreshTokenValidity: number;
}

export interface RoleSeed {
  roleName: string;
  roleAlias: string;
  sort: number;
}

export interface DeptSeed {
  deptName: string;
  fullName: string;
  sort: number;
  /** Dict `org_category`: 1 company, 2 department, 3 team. */
  deptCategory: number;
  children?: DeptSeed[];
}

export interface PostSeed {
  /** Dict `post_category`: 1 senior, 2 middle, 3 staff, 4 other. */
  category: number;
  postCode: string;
  postName: string;
  sort: number;
}

export interface ParamSeed {
  paramName: string;
  paramKey: string;
  paramValue: string;
}

export interface NoticeSeed {
  title: string;
  /** Dict `notice`. */
  category: number;
  /** `yyyy-MM-dd HH:mm:ss`. */
  releaseTime: string;
  /** HTML. */
  content: string;
}

export interface OrgSeed {
  tenant: TenantSeed;
  clients: ClientSeed[];
  roles: RoleSeed[];
  depts: DeptSeed[];
  posts: PostSeed[];
  params: ParamSeed[];
  notices: NoticeSeed[];
}

const GRANT_TYPES = 'refresh_token,password,authorization_code,captcha,social';

function client(clientId: string, clientSecret: string): ClientSeed {
  return {
    clientId,
    clientSecret,
    scope: 'all',
    authorizedGrantTypes: GRANT_TYPES,
    accessTokenValidity: 3600,
    refreshTokenValidity: 604800,
  };
}

/** Menu codes a new tenant's admin role is granted (with every descendant), bladex-backend §7. */
export const TENANT_DEFAULT_MENU_CODE = 'desk,flow,work,monitor,resource,role,user,dept,post,dictbiz,topmenu';

export const orgSeed: OrgSeed = {
  tenant: { tenantId: '000000', tenantName: '管理组', linkman: 'admin', contactNumber: '666666', accountNumber: -1 },
  clients: [client('saber', 'saber_secret'), client('sword', 'sword_secret')],
  roles: [
    { roleName: '超级管理员', roleAlias: 'administrator', sort: 1 },
    { roleName: '用户', roleAlias: 'user', sort: 2 },
  ],
  depts: [
    {
      deptName: '布雷德科技',
      fullName: '江苏布雷德科技有限公司',
      sort: 1,
      deptCategory: 1,
      children: [
        { deptName: '常州布雷德', fullName: '常州布雷德科技有限公司', sort: 1, deptCategory: 1 },
        { deptName: '苏州布雷德', fullName: '苏州布雷德科技有限公司', sort: 1, deptCategory: 1 },
      ],
    },
  ],
  posts: [
    { category: 1, postCode: 'ceo', postName: '首席执行官', sort: 1 },
    { category: 1, postCode: 'coo', postName: '首席运营官', sort: 2 },
    { category: 1, postCode: 'cfo', postName: '首席财务官', sort: 3 },
    { category: 1, postCode: 'cto', postName: '首席技术官', sort: 4 },
    { category: 1, postCode: 'cio', postName: '首席信息官', sort: 5 },
    { category: 2, postCode: 'pm', postName: '技术经理', sort: 6 },
    { category: 2, postCode: 'hrm', postName: '人力经理', sort: 7 },
    { category: 3, postCode: 'staff', postName: '普通员工', sort: 8 },
  ],
  params: [
    { paramName: '是否开启注册功能', paramKey: 'account.registerUser', paramValue: 'true' },
    { paramName: '账号初始密码', paramKey: 'account.initPassword', paramValue: '123456' },
    { paramName: '账号错误锁定次数', paramKey: 'account.failCount', paramValue: '5' },
    { paramName: '单次导入最大行数', paramKey: 'import.maxRows', paramValue: '100000' },
    { paramName: '租户默认管理密码', paramKey: 'tenant.default.password', paramValue: 'admin' },
    { paramName: '租户默认账号额度', paramKey: 'tenant.default.accountNumber', paramValue: '100' },
    { paramName: '租户默认菜单集合', paramKey: 'tenant.default.menuCode', paramValue: TENANT_DEFAULT_MENU_CODE },
  ],
  notices: [
    {
      title: '系统上线通知',
      category: 1,
      releaseTime: '2024-01-02 09:00:00',
      content: '<p>管理控制台已正式上线，欢迎使用。</p><p>如有问题请联系<strong>系统管理员</strong>。</p>',
    },
    {
      title: '关于规范账号使用的批转通知',
      category: 2,
      releaseTime: '2024-01-05 10:30:00',
      content: '<p>请各部门妥善保管登录账号与密码，<em>不得</em>转借他人使用。</p>',
    },
    {
      title: '转发：年度安全检查安排',
      category: 3,
      releaseTime: '2024-01-08 14:00:00',
      content: '<p>年度安全检查将于下月开展，请各部门提前做好准备。</p><ul><li>账号权限梳理</li><li>数据备份核查</li></ul>',
    },
  ],
};
