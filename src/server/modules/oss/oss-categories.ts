/** Dict `oss`: BladeX's four vendors (all reached through their S3-compatible APIs) and our local disk. */
export const OSS_CATEGORY = { minio: 1, qiniu: 2, ali: 3, tencent: 4, local: 5 } as const;

export const isLocalCategory = (category: unknown) => Number(category) === OSS_CATEGORY.local;
