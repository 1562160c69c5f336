import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordFormView } from './PasswordFormView';
import { ProfileForm } from './ProfileForm';

type InfoTab = 'info' | 'password';

/** /info/index (Saber views/user/info.vue): 个人信息 and 修改密码. */
export function InfoPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<InfoTab>('info');
  return (
    <Paper sx={{ p: 2 }}>
      <Tabs value={tab} onChange={(_, value: InfoTab) => setTab(value)} sx={{ mb: 2 }}>
        <Tab id="info_tab_info" value="info" label={t('info.infoTab')} />
        <Tab id="info_tab_password" value="password" label={t('info.passwordTab')} />
      </Tabs>
      <Box>{tab === 'info' ? <ProfileForm /> : <PasswordFormView />}</Box>
    </Paper>
  );
}
