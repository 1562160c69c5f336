import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import LinearProgress from '@mui/material/LinearProgress';
import { ActionDialog } from '../../../components/ActionDialog';
import { CheckboxTree } from '../../../components/CheckboxTree';
import { checkedFromSaved, DEFAULT_CHECK_KEYS, withHalfChecked } from '../../../components/checkbox-tree-state';
import { useAsync } from '../../shared/use-async';
import { useSubmit } from '../../shared/use-submit';
import { fetchTopGrantTree, fetchTopMenuKeys, grantTopMenu } from './topmenu-api';

export interface TopMenuGrantDialogProps {
  topMenuId: string;
  onClose: () => void;
  onDone: () => void;
}

/**
 * 下级菜单配置: the menus under one top menu, as a cascading checkbox tree; saved with
 * their half-checked parents, like a role's menus.
 */
export function TopMenuGrantDialog({ topMenuId, onClose, onDone }: TopMenuGrantDialogProps) {
  const { t } = useTranslation();
  const loaded = useAsync(async () => {
    const [tree, saved] = await Promise.all([fetchTopGrantTree(), fetchTopMenuKeys(topMenuId)]);
    return { tree, checked: checkedFromSaved(tree, DEFAULT_CHECK_KEYS, saved) };
  }, [topMenuId]);
  const [checked, setChecked] = useState<string[]>([]);
  const { busy, run } = useSubmit(onDone);
  useEffect(() => {
    if (loaded.data) setChecked(loaded.data.checked);
  }, [loaded.data]);
  const tree = loaded.data?.tree ?? [];
  const save = () => run(() => grantTopMenu({ topMenuId, menuIds: withHalfChecked(tree, DEFAULT_CHECK_KEYS, checked) }));
  return (
    <ActionDialog
      id="topmenu_grant_dialog"
      title={t('pages.topmenu.settingDialog')}
      width={400}
      busy={busy}
      submitDisabled={!loaded.data}
      onSubmit={() => void save()}
      onClose={onClose}
    >
      {loaded.loading && <LinearProgress />}
      <CheckboxTree id="topmenu_grant_menu" nodes={tree} checked={checked} onChange={setChecked} maxHeight={440} />
    </ActionDialog>
  );
}
