/** Dict `sms`: BladeX's four vendors and our `log` provider (records instead of sending). */
export const SMS_CATEGORY = { yunpian: 1, qiniu: 2, ali: 3, tencent: 4, log: 5 } as const;

/** Fields each vendor cannot do without (yunpian: apiKey + template text). */
export const SMS_REQUIRED: Record<number, readonly string[]> = {
  [SMS_CATEGORY.yunpian]: ['accessKey', 'templateId'],
  [SMS_CATEGORY.qiniu]: ['accessKey', 'secretKey', 'templateId'],
  [SMS_CATEGORY.ali]: ['accessKey', 'secretKey', 'signName', 'templateId'],
  [SMS_CATEGORY.tencent]: ['accessKey', 'secretKey', 'signName', 'templateId'],
  [SMS_CATEGORY.log]: [],
};
