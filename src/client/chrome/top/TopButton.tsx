import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { MouseEvent, ReactNode } from 'react';

export interface TopButtonProps {
  id: string;
  label: string;
  onClick(event: MouseEvent<HTMLElement>): void;
  children: ReactNode;
}

/** An icon of the top bar with its tooltip (the label is also its accessible name). */
export function TopButton({ id, label, onClick, children }: TopButtonProps) {
  return (
    <Tooltip title={label}>
      <IconButton id={id} color="inherit" size="small" aria-label={label} onClick={onClick} sx={{ mx: 0.25 }}>
        {children}
      </IconButton>
    </Tooltip>
  );
}
