import { useTranslation } from 'react-i18next';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import type { EntityModel } from '../../../../shared/schema/entity-model';
import type { ToolbarExtra } from '../../../engine/extensions';
import { ResourcePage } from '../../../engine/ResourcePage';
import { RouteModel } from '../../shared/RouteModel';
import { useListDialog } from '../../shared/use-list-dialog';
import { useSelectionGuard } from '../../shared/use-selection-guard';
import { TopMenuGrantDialog } from './TopMenuGrantDialog';

function TopMenuScreen({ model }: { model: EntityModel }) {
  const { t } = useTranslation();
  const guard = useSelectionGuard();
  const granting = useListDialog<string>();
  const toolbarExtras: ToolbarExtra[] = [
    {
      key: 'setting',
      label: t('pages.topmenu.setting'),
      permission: 'topmenu_setting',
      icon: <SettingsOutlinedIcon />,
      onClick: ({ selected, reload }) => guard(selected, 'exactly-one') && granting.open(String(selected[0].id ?? ''), reload),
    },
  ];
  return (
    <>
      <ResourcePage model={model} toolbarExtras={toolbarExtras} />
      {granting.target !== undefined && <TopMenuGrantDialog topMenuId={granting.target} onClose={granting.close} onDone={granting.done} />}
    </>
  );
}

/** 顶部菜单 (Saber system/topmenu.vue): the engine's list plus 菜单配置 (`topmenu_setting`, one row). */
export function TopMenuPage() {
  return <RouteModel>{(model) => <TopMenuScreen model={model} />}</RouteModel>;
}
