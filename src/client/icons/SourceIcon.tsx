import type { SvgIconProps } from '@mui/material/SvgIcon';
import { findIcon, type IconComponent } from './icon-catalogue';
import { iconByWord } from './icon-by-word';

export interface SourceIconProps extends Pick<SvgIconProps, 'fontSize' | 'sx'> {
  /** An icon class as menus store it (`iconfont iconicon_setting`, `plus`). */
  source?: string | null;
}

/** The icon component for a class: the catalogue's, else one guessed from its words, else the default menu icon. */
export function iconFor(source: string | null | undefined): IconComponent {
  return findIcon(source)?.Icon ?? iconByWord(source ?? '');
}

/** Draws a menu/button icon class (Saber's iconfont is not shipped; see icon-catalogue). */
export function SourceIcon({ source, fontSize = 'small', sx }: SourceIconProps) {
  const Icon = iconFor(source);
  return <Icon fontSize={fontSize} sx={sx} data-icon={source ?? ''} />;
}
