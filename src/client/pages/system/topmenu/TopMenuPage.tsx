import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import type { EntityModel } from '../../../../shared/schema/entity-model';
import type { ToolbarExtra } from '../../../engine/extensions';
import { ResourcePage } from '../../../engine/ResourcePage';
import { RouteModel } from '../../shared/RouteModel';
import { useSelectionGuard } from '../../shared/use-selection-guard';
import { TopMenuGrantDialog } from './TopMenuGrantDialog';

function TopMenuScreen({ model }: { model: EntityModel }) {
  const { t } = useTranslation();
  const guard = useSelectionGuard();
  const [granting, setGranting] = useState<{ topMenuId: string; reload: () => void }>();
  const toolbarExtras: ToolbarExtra[] = [
    {
      key: 'setting',
      label: t('pages.topmenu.setting'),
      permission: 'topmenu_setting',
      icon: <SettingsOutlinedIcon />,
      onClick: ({ selected, reload }) => guard(selected, 'exactly-one') && setGranting({ topMenuId: String(selected[0].id ?? ''), reload }),
    },
  ];
  return (
    <>
      <ResourcePage model={model} toolbarExtras={toolbarExtras} />
      {granting && (
        <TopMenuGrantDialog
          topMenuId={granting.topMenuId}
          onClose={() => setGranting(undefined)}
          onDone={() => {
            setGranting(undefined);
            granting.reload();
          }}
        />
      )}
    </>
  );
}

/** 顶部菜单 (Saber system/topmenu.vue): the engine's list plus 菜单配置 (`topmenu_setting`, one row). */
export function TopMenuPage() {
  return <RouteModel>{(model) => <TopMenuScreen model={model} />}</RouteModel>;
}
