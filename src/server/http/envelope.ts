/** BladeX envelope `R`: success iff code is 200. */
export interface Envelope<T = unknown> {
  code: number;
  success: boolean;
  data: T;
  msg: string;
}

export function ok<T>(data: T, msg = '操作成功'): Envelope<T> {
  return { code: 200, success: true, data: data ?? ({} as T), msg };
}
