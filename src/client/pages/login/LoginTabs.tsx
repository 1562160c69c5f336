import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { useTranslation } from 'react-i18next';

export type LoginTab = 'account' | 'phone' | 'third';

const TABS: { value: LoginTab; key: string }[] = [
  { value: 'account', key: 'login.userLogin' },
  { value: 'phone', key: 'login.phoneLogin' },
  { value: 'third', key: 'login.thirdLogin' },
];

/** The three ways to sign in, as a light tab strip (MUI Tabs would double the login page's script). */
export function LoginTabs({ value, onChange }: { value: LoginTab; onChange(tab: LoginTab): void }) {
  const { t } = useTranslation();
  return (
    <Box role="tablist" sx={{ display: 'flex', borderBottom: 1, borderColor: 'divider', my: 2 }}>
      {TABS.map((tab) => {
        const isSelected = tab.value === value;
        return (
          <ButtonBase
            key={tab.value}
            role="tab"
            id={`login_tab_${tab.value}`}
            aria-selected={isSelected}
            onClick={() => onChange(tab.value)}
            sx={{
              flex: 1,
              py: 1.25,
              fontSize: 14,
              color: isSelected ? 'primary.main' : 'text.secondary',
              borderBottom: 2,
              borderColor: isSelected ? 'primary.main' : 'transparent',
              mb: '-1px',
            }}
          >
            {t(tab.key)}
          </ButtonBase>
        );
      })}
    </Box>
  );
}
