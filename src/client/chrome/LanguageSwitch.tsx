import TranslateIcon from '@mui/icons-material/Translate';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGS, type Lang } from '../../shared/schema/entity-model';
import { changeLang } from '../i18n/i18n';
import { useLang } from '../i18n/use-lang';
import { LazyTooltip } from '../ui/LazyTooltip';

/** Language menu (`#top_language`): 中文 / English, the current one disabled; remembered as `saber-language`. */
export function LanguageSwitch({ color = 'inherit' }: { color?: 'inherit' | 'default' }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const choose = (next: Lang) => {
    setAnchor(null);
    void changeLang(next);
  };
  return (
    <>
      <LazyTooltip title={t('navbar.language')}>
        <IconButton id="top_language" color={color} size="small" aria-label={t('navbar.language')} onClick={(e) => setAnchor(e.currentTarget)}>
          <TranslateIcon fontSize="small" />
        </IconButton>
      </LazyTooltip>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {LANGS.map((item) => (
          <MenuItem key={item} data-lang={item} disabled={item === lang} selected={item === lang} onClick={() => choose(item)}>
            {t(`language.${item}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
