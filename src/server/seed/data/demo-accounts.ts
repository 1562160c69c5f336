/* The demo accounts the welcome page lists (bladex-backend §8: roles 人事/hr, 经理/manager,
   老板/boss under 用户, their users in 常州布雷德). Created by the first start only. */

/** The password of every demo account, as the welcome page says (BladeX's initial password). */
export const DEMO_PASSWORD = '123456';

/** Department the demo users work in. */
export const DEMO_DEPT_NAME = '常州布雷德';

export interface DemoAccountSeed {
  account: string;
  realName: string;
  role: { roleName: string; roleAlias: string; sort: number };
  /** Post code (org seed posts). */
  postCode: string;
}

export const demoAccounts: DemoAccountSeed[] = [
  { account: 'hr', realName: '人事', role: { roleName: '人事', roleAlias: 'hr', sort: 1 }, postCode: 'hrm' },
  { account: 'manager', realName: '经理', role: { roleName: '经理', roleAlias: 'manager', sort: 2 }, postCode: 'pm' },
  { account: 'boss', realName: '老板', role: { roleName: '老板', roleAlias: 'boss', sort: 3 }, postCode: 'ceo' },
];
