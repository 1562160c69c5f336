import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import type { EntityModel } from '../../../../shared/schema/entity-model';
import type { RowExtra } from '../../../engine/extensions';
import { ResourcePage } from '../../../engine/ResourcePage';
import { RouteModel, useModelByKey } from '../../shared/RouteModel';
import { ScopeDrawer } from '../../system/menu/ScopeDrawer';
import type { ScopeKind, ScopeMenu } from '../../system/menu/scope-presets';
import { menuLazyModel } from './menu-lazy-view';

function ScopeMenuScreen({ kind, scopeModel }: { kind: ScopeKind; scopeModel: EntityModel }) {
  const { t } = useTranslation();
  const menu = useModelByKey('system/menu');
  const menuList = useMemo(() => (menu ? menuLazyModel(menu) : undefined), [menu]);
  const [open, setOpen] = useState<ScopeMenu>();
  if (!menuList) return <Alert severity="warning">{t('pages.common.modelMissing')}</Alert>;
  const rowExtras: RowExtra[] = [
    {
      key: 'scope-setting',
      label: t('pages.menu.scopeSetting'),
      permission: `${scopeModel.permission}_setting`,
      icon: <SettingsOutlinedIcon />,
      onClick: ({ row }) => setOpen({ id: String(row.id ?? ''), name: String(row.name ?? ''), code: String(row.code ?? '') }),
    },
  ];
  return (
    <>
      <ResourcePage model={menuList} rowExtras={rowExtras} />
      {open && <ScopeDrawer kind={kind} model={scopeModel} menu={open} onClose={() => setOpen(undefined)} />}
    </>
  );
}

/**
 * 数据权限 / 接口权限 (Saber authority/datascope.vue, apiscope.vue): a lazy list of the
 * menus; each row's 权限配置 opens a drawer with the scope rules of that menu (the menu
 * fixed in every save), so no menu id is ever typed by hand.
 */
export function ScopeMenuPage({ kind }: { kind: ScopeKind }) {
  return <RouteModel>{(model) => <ScopeMenuScreen kind={kind} scopeModel={model} />}</RouteModel>;
}

export const DataScopePage = () => <ScopeMenuPage kind="data" />;
export const ApiScopePage = () => <ScopeMenuPage kind="api" />;
