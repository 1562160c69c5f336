import { badRequest } from '../../../shared/errors.js';
import { idList, isId } from '../../engine/ids.js';

/** Plain parameters of a request: query string over form or JSON body. */
export type Params = Record<string, unknown>;

export interface SettingInput {
  /** Row ids (`id`) of the tenants to change. */
  ids: string[];
  accountNumber?: number;
  /** `yyyy-MM-dd HH:mm:ss`. */
  expireTime?: string;
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/;

function text(params: Params, name: string): string {
  const value = params[name];
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
}

function required(params: Params, name: string): string {
  const value = text(params, name);
  if (!value) throw badRequest('request.paramMissing', { name });
  return value;
}

function id(params: Params, name: string): string {
  const value = required(params, name);
  if (!isId(value)) throw badRequest('request.paramInvalid', { name });
  return value;
}

/** A real calendar time; a bare date means its midnight. */
function dateTime(value: string, name: string): string {
  const m = DATE_TIME.exec(value);
  const [y, mo, d, h = '00', mi = '00', s = '00'] = m ? m.slice(1) : [];
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)));
  const same = m && date.getUTCMonth() === Number(mo) - 1 && date.getUTCDate() === Number(d) && Number(h) < 24 && Number(mi) < 60 && Number(s) < 60;
  if (!same) throw badRequest('request.paramInvalid', { name });
  return `${y}-${mo}-${d} ${h}:${mi}:${s}`;
}

/** `setting`: ids (comma-joined), accountNumber, expireTime; a blank value leaves the column as it is. */
export function settingInput(params: Params): SettingInput {
  const ids = idList(required(params, 'ids'), 'ids');
  if (ids.length === 0) throw badRequest('request.paramInvalid', { name: 'ids' });
  const quota = text(params, 'accountNumber');
  if (quota && !/^-?\d{1,9}$/.test(quota)) throw badRequest('request.paramInvalid', { name: 'accountNumber' });
  const expire = text(params, 'expireTime');
  return {
    ids,
    accountNumber: quota ? Number(quota) : undefined,
    expireTime: expire ? dateTime(expire, 'expireTime') : undefined,
  };
}

export function datasourceInput(params: Params): { tenantId: string; datasourceId: string } {
  return { tenantId: required(params, 'tenantId'), datasourceId: id(params, 'datasourceId') };
}

/** `package-setting`: a blank packageId takes the tenant off its package. */
export function packageInput(params: Params): { tenantId: string; packageId?: string } {
  const packageId = text(params, 'packageId');
  if (packageId && !isId(packageId)) throw badRequest('request.paramInvalid', { name: 'packageId' });
  return { tenantId: required(params, 'tenantId'), packageId: packageId && packageId !== '0' ? packageId : undefined };
}

export function tenantIdInput(params: Params): string {
  return required(params, 'tenantId');
}
