import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

/** The contained button of a form: disabled with a spinner while its request runs; with `formId`, it submits that form. */
export function BusyButton(props: { id: string; busy?: boolean; disabled?: boolean; formId?: string; onClick?: () => void; children: ReactNode }) {
  return (
    <Button
      id={props.id}
      type={props.formId ? 'submit' : 'button'}
      form={props.formId}
      variant="contained"
      disabled={props.busy || props.disabled}
      startIcon={props.busy ? <CircularProgress size={16} color="inherit" /> : undefined}
      onClick={props.onClick}
    >
      {props.children}
    </Button>
  );
}
