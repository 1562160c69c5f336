import Chip from '@mui/material/Chip';
import i18next from 'i18next';
import type { Row } from '../flow-api';

/** `v<n>` as a tag (流程版本). */
export function VersionTag({ version }: { version: unknown }) {
  if (version === undefined || version === null || version === '') return null;
  return <Chip size="small" variant="outlined" label={i18next.t('pages.flow.versionTag', { version })} />;
}

/** 激活 (1) / 挂起 (2) of a definition or instance. */
export function StateTag({ row }: { row: Row }) {
  const active = String(row.suspensionState ?? '1') === '1';
  return <Chip size="small" color={active ? 'success' : 'warning'} label={i18next.t(active ? 'pages.flow.active' : 'pages.flow.suspended')} />;
}
