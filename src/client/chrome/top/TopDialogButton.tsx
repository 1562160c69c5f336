import { Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { TopButton } from './TopButton';

export interface TopDialogButtonProps {
  id: string;
  label: string;
  /** What the button shows (an icon, maybe in a badge). */
  children: ReactNode;
  /** The dialog it opens, loaded on first use (a `lazyPage`). */
  dialog: ComponentType<{ onClose(): void }>;
}

/** A top-bar button that opens a dialog; the dialog's chunk loads on the first click. */
export function TopDialogButton({ id, label, children, dialog: Dialog }: TopDialogButtonProps) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <TopButton id={id} label={label} onClick={() => setOpen(true)}>
        {children}
      </TopButton>
      {isOpen && (
        <Suspense fallback={null}>
          <Dialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
