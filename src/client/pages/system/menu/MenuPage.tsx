import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import ApiOutlinedIcon from '@mui/icons-material/ApiOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import type { EntityModel } from '../../../../shared/schema/entity-model';
import type { ResourceRow } from '../../../engine/data/resource-api';
import type { RowExtra } from '../../../engine/extensions';
import { ResourcePage } from '../../../engine/ResourcePage';
import { RouteModel, useModelByKey } from '../../shared/RouteModel';
import { ScopeDrawer } from './ScopeDrawer';
import type { ScopeKind, ScopeMenu } from './scope-presets';

/** Entities whose rows hang under a menu, by drawer kind. */
const SCOPE_MODELS: Record<ScopeKind, string> = { data: 'system/data-scope', api: 'system/api-scope' };
/** Menus (category 1) own scopes; buttons (category 2) do not. */
const isMenuRow = (row: ResourceRow) => String(row.category ?? '1') === '1';

function MenuScreen({ model }: { model: EntityModel }) {
  const { t } = useTranslation();
  const dataScope = useModelByKey(SCOPE_MODELS.data);
  const apiScope = useModelByKey(SCOPE_MODELS.api);
  const [open, setOpen] = useState<{ kind: ScopeKind; menu: ScopeMenu }>();
  const show = (kind: ScopeKind, row: ResourceRow) =>
    setOpen({ kind, menu: { id: String(row.id ?? ''), name: String(row.name ?? ''), code: String(row.code ?? '') } });
  const rowExtras: RowExtra[] = [
    {
      key: 'data-scope',
      label: t('pages.menu.dataScope'),
      permission: 'data_scope_setting',
      icon: <LockOutlinedIcon />,
      isShownFor: isMenuRow,
      onClick: ({ row }) => show('data', row),
    },
    {
      key: 'api-scope',
      label: t('pages.menu.apiScope'),
      permission: 'api_scope_setting',
      icon: <ApiOutlinedIcon />,
      isShownFor: isMenuRow,
      onClick: ({ row }) => show('api', row),
    },
  ];
  return (
    <>
      <ResourcePage model={model} rowExtras={rowExtras} />
      {open && (
        <ScopeDrawer kind={open.kind} model={open.kind === 'data' ? dataScope : apiScope} menu={open.menu} onClose={() => setOpen(undefined)} />
      )}
    </>
  );
}

/**
 * 菜单管理 (Saber system/menu.vue): the engine's menu tree, plus per menu row 数据权限 and
 * 接口权限 (Saber's datascope / apiscope screens), each opening a drawer with that menu's
 * scopes.
 */
export function MenuPage() {
  return <RouteModel>{(model) => <MenuScreen model={model} />}</RouteModel>;
}
