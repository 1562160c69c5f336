import { useEffect, useState } from 'react';
import { request } from '../../../api/http';
import { fetchUsers, type UserOption } from '../flow-api';
import { reportFailure } from '../../../ui/report-failure';

export interface RoleOption {
  alias: string;
  name: string;
}

type Row = Record<string, unknown>;
/** BladeX answers role/list as a tree: every node, children too. */
const flatten = (rows: Row[]): Row[] => rows.flatMap((r) => [r, ...flatten(Array.isArray(r.children) ? (r.children as Row[]) : [])]);

/** The tenant's users (assignee, candidate users: by id) and roles (candidate groups: by alias). */
export function useTenantPeople() {
  const [users, setUsers] = useState<UserOption[]>([]);
  const [roles, setRoles] = useState<RoleOption[]>([]);
  useEffect(() => {
    fetchUsers().then(setUsers, reportFailure);
    request<{ records?: Record<string, unknown>[] } | Record<string, unknown>[]>({ url: '/blade-system/role/list', params: { current: 1, size: 500 } }).then((body) => {
      const rows = flatten(Array.isArray(body) ? body : (body?.records ?? []));
      setRoles(rows.filter((r) => r.roleAlias).map((r) => ({ alias: String(r.roleAlias), name: String(r.roleName ?? r.roleAlias) })));
    }, reportFailure);
  }, []);
  return { users, roles };
}
