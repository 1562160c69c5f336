import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { enUS, zhCN } from '@mui/x-date-pickers/locales';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/en';
import type { ReactNode } from 'react';
import type { Lang } from '../../../../shared/schema/entity-model';

const pickerTexts = {
  zh: zhCN.components.MuiLocalizationProvider.defaultProps.localeText,
  en: enUS.components.MuiLocalizationProvider.defaultProps.localeText,
};

/**
 * The date pickers' language (dayjs in zh-cn or en: weekdays, months, the pickers'
 * buttons). Kept beside the pickers rather than in AppTheme, so the pickers and dayjs
 * load with the first screen that shows a date field, not with the login page.
 */
export function PickerTexts({ lang, children }: { lang: Lang; children: ReactNode }) {
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={lang === 'en' ? 'en' : 'zh-cn'} localeText={pickerTexts[lang]}>
      {children}
    </LocalizationProvider>
  );
}
