import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/http';
import { reportFailure } from '../../ui/report-failure';
import { loadMenu } from '../../session/load-menu';
import { getSession } from '../../session/session-store';
import { refreshToken } from '../../session/token-refresh';
import { toast } from '../../ui/toast';

export type SwitchField = 'deptId' | 'roleId';

interface Option {
  id: string;
  name: string;
}

const toOptions = (rows: Record<string, unknown>[] | undefined, nameKey: string): Option[] =>
  (rows ?? []).map((row) => ({ id: String(row.id), name: String(row[nameKey] ?? row.title ?? row.id) }));

/** The switch dialog's choices (the user's departments and roles), required checks and submit. */
export function useSwitchForm(onDone: () => void) {
  const { t } = useTranslation();
  const userInfo = getSession().userInfo;
  const [depts, setDepts] = useState<Option[]>([]);
  const [roles, setRoles] = useState<Option[]>([]);
  const [values, setValues] = useState<Record<SwitchField, string>>({ deptId: '', roleId: '' });
  const [missing, setMissing] = useState<ReadonlySet<SwitchField>>(new Set());
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const params = { userId: userInfo?.user_id };
    request<Record<string, unknown>[]>({ url: '/blade-system/dept/select', params }).then((rows) => setDepts(toOptions(rows, 'deptName')), reportFailure);
    request<Record<string, unknown>[]>({ url: '/blade-system/role/select', params }).then((rows) => setRoles(toOptions(rows, 'roleName')), reportFailure);
  }, [userInfo?.user_id]);

  const change = (field: SwitchField, value: string) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    if (value) setMissing((prev) => new Set([...prev].filter((f) => f !== field)));
  };

  const submit = async () => {
    const empty = new Set((['deptId', 'roleId'] as const).filter((field) => !values[field]));
    setMissing(empty);
    if (empty.size) return;
    setBusy(true);
    try {
      if (await refreshToken(values)) {
        await loadMenu();
        toast.success(t('switch.success'));
        onDone();
      }
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return { depts, roles, values, missing, busy, change, submit };
}
