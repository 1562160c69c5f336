import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { fieldOf, type EntityModel } from '../../../../shared/schema/entity-model';
import { dictLabel, useDictionary } from '../../../engine/data/use-dictionary';
import { ResourcePage } from '../../../engine/ResourcePage';
import { scopeFormChange, type ScopeKind, type ScopeMenu } from './scope-presets';

export interface ScopeDrawerProps {
  kind: ScopeKind;
  /** The scope entity (data-scope or api-scope); undefined when the server does not serve it. */
  model?: EntityModel;
  menu: ScopeMenu;
  onClose: () => void;
}

/**
 * '[<menu>] 数据权限配置' / '[<menu>] 接口权限配置': a right-hand drawer (1000 px) holding
 * the engine's list of the menu's scopes, fixed to the menu (menuId sent with every
 * request and every save). Ids inside carry the `scope_` prefix.
 */
export function ScopeDrawer({ kind, model, menu, onClose }: ScopeDrawerProps) {
  const { t } = useTranslation();
  const typeDict = (model && fieldOf(model, 'scopeType'))?.dict;
  const { items } = useDictionary(typeDict);
  const onFormChange = useMemo(
    () => scopeFormChange({ kind, menu, labelOf: (type) => dictLabel(items, type) ?? String(type) }),
    [kind, menu, items],
  );
  const title = t(kind === 'data' ? 'pages.menu.dataScopeTitle' : 'pages.menu.apiScopeTitle', { name: menu.name });
  return (
    <Drawer
      anchor="right"
      open
      onClose={onClose}
      // Above the layout's header (which sits over the sidebar drawer), like a dialog.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{ paper: { id: 'scope_drawer', 'aria-labelledby': 'scope_drawer_title', sx: { width: 1000, maxWidth: '100vw' } } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Typography id="scope_drawer_title" variant="h6" sx={{ flex: 1 }}>
          {title}
        </Typography>
        <IconButton id="scope_drawer_close" aria-label={t('pages.common.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Box sx={{ p: 2 }}>
        {model ? (
          <ResourcePage model={model} scope="scope_" fixedParams={{ menuId: menu.id }} fixedValues={{ menuId: menu.id }} onFormChange={onFormChange} />
        ) : (
          <Alert severity="warning">{t('pages.common.modelMissing')}</Alert>
        )}
      </Box>
    </Drawer>
  );
}
