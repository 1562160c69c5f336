import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { ActionDialog } from '../../../components/ActionDialog';
import { CheckboxTree } from '../../../components/CheckboxTree';
import { GRANT_TABS, type GrantTab } from './grant-payload';
import { useRoleGrant } from './use-role-grant';

export interface RoleGrantDialogProps {
  roleId: string;
  onClose: () => void;
  onDone: () => void;
}

const tabLabelKeys: Record<GrantTab, string> = {
  menu: 'pages.role.menuTab',
  dataScope: 'pages.role.dataScopeTab',
  apiScope: 'pages.role.apiScopeTab',
};

/** 角色权限配置: tabs 菜单权限 / 数据权限 / 接口权限, each a cascading checkbox tree. */
export function RoleGrantDialog({ roleId, onClose, onDone }: RoleGrantDialogProps) {
  const { t } = useTranslation();
  const grant = useRoleGrant({ roleId, onDone });
  const [tab, setTab] = useState<GrantTab>('menu');
  return (
    <ActionDialog
      id="role_grant_dialog"
      title={t('pages.role.grantDialog')}
      width={460}
      busy={grant.busy}
      submitDisabled={!grant.trees}
      onSubmit={() => void grant.submit()}
      onClose={onClose}
    >
      <Tabs value={tab} onChange={(_, next: GrantTab) => setTab(next)} variant="fullWidth" sx={{ mb: 1.5 }}>
        {GRANT_TABS.map((key) => (
          <Tab key={key} value={key} id={`role_grant_tab_${key}`} aria-controls={`role_grant_panel_${key}`} label={t(tabLabelKeys[key])} />
        ))}
      </Tabs>
      {grant.loading && <LinearProgress />}
      {GRANT_TABS.map((key) => (
        <Box key={key} role="tabpanel" id={`role_grant_panel_${key}`} aria-labelledby={`role_grant_tab_${key}`} hidden={tab !== key}>
          {grant.trees && (
            <CheckboxTree
              id={`role_grant_${key}`}
              nodes={grant.trees[key]}
              checked={grant.checked[key]}
              onChange={(values) => grant.setTab(key, values)}
              maxHeight={440}
            />
          )}
        </Box>
      ))}
    </ActionDialog>
  );
}
