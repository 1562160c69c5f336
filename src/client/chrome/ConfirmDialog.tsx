import { ConfirmDialog as EngineConfirmDialog } from '../engine/common/ConfirmDialog';

export interface ConfirmDialogProps {
  open: boolean;
  message: string;
  title?: string;
  /** True while the confirmed action runs (确定 is disabled). */
  busy?: boolean;
  onConfirm(): void;
  onClose(): void;
}

/** The chrome's yes/no question: the engine's dialog (`#confirm_ok` / `#confirm_cancel`), closed by `onClose`. */
export function ConfirmDialog({ onClose, ...props }: ConfirmDialogProps) {
  return <EngineConfirmDialog {...props} onCancel={onClose} />;
}
