/** Dict `sms`: BladeX's four vendors and our `log` provider (records instead of sending). */
export const SMS_CATEGORY = { yunpian: 1, qiniu: 2, ali: 3, tencent: 4, log: 5 } as const;

