import { useEffect, useState } from 'react';
import { useAsync } from '../../shared/use-async';
import { useSubmit } from '../../shared/use-submit';
import { grantBody, initialChecked, type GrantKeys, type GrantTab } from './grant-payload';
import { fetchGrantTrees, fetchRoleKeys, grantRole } from './role-grant-api';

const NONE: GrantKeys = { menu: [], dataScope: [], apiScope: [] };

/**
 * The grant dialog's controller: loads the three trees and the role's saved keys
 * together, keeps the checked boxes per tab, and on 确定 replaces the role's grants.
 */
export function useRoleGrant(input: { roleId: string; onDone: () => void }) {
  const { roleId, onDone } = input;
  const loaded = useAsync(async () => {
    const [trees, saved] = await Promise.all([fetchGrantTrees(), fetchRoleKeys(roleId)]);
    return { trees, checked: initialChecked(trees, saved) };
  }, [roleId]);
  const [checked, setChecked] = useState<GrantKeys>(NONE);
  const { busy, run } = useSubmit(onDone);
  useEffect(() => {
    if (loaded.data) setChecked(loaded.data.checked);
  }, [loaded.data]);

  const setTab = (tab: GrantTab, values: string[]) => setChecked((prev) => ({ ...prev, [tab]: values }));

  const submit = async () => {
    const trees = loaded.data?.trees;
    if (trees) await run(() => grantRole(grantBody({ roleId, trees, checked })));
  };

  return { trees: loaded.data?.trees, loading: loaded.loading, checked, setTab, busy, submit };
}
