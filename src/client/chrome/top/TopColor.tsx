import CheckIcon from '@mui/icons-material/Check';
import PaletteOutlined from '@mui/icons-material/PaletteOutlined';
import Box from '@mui/material/Box';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setColorName, usePrefs } from '../../store/prefs-store';
import { TopButton } from './TopButton';

/** Saber's el-color-picker presets (mixins/color.js); the first is the site default. */
export const PRESET_COLORS = ['#409EFF', '#1890ff', '#304156', '#212121', '#11a983', '#13c2c2', '#6959CD', '#f5222d'];

/** Colour picker: the primary colour of every button, link and selection; remembered. */
export function TopColor() {
  const { t } = useTranslation();
  const { colorName } = usePrefs();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <TopButton id="top_color" label={t('navbar.color')} onClick={(e) => setAnchor(e.currentTarget)}>
        <PaletteOutlined fontSize="small" />
      </TopButton>
      <Popover open={Boolean(anchor)} anchorEl={anchor} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }} transformOrigin={{ vertical: 'top', horizontal: 'center' }}>
        <Box id="color_picker" sx={{ p: 1.5, width: 224 }}>
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            {t('navbar.color')}
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 1 }}>
            {PRESET_COLORS.map((color) => (
              <Box
                key={color}
                component="button"
                type="button"
                data-color={color}
                aria-label={color}
                onClick={() => setColorName(color)}
                sx={{ height: 32, border: 0, borderRadius: 1, cursor: 'pointer', bgcolor: color, color: '#fff', display: 'grid', placeItems: 'center' }}
              >
                {color.toLowerCase() === colorName.toLowerCase() && <CheckIcon fontSize="small" />}
              </Box>
            ))}
          </Box>
          <Box component="label" sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1.5, fontSize: 13 }}>
            {t('chrome.customColor')}
            <input id="color_picker_custom" type="color" value={colorName.length === 7 ? colorName : '#409eff'} onChange={(e) => setColorName(e.target.value)} />
          </Box>
        </Box>
      </Popover>
    </>
  );
}
