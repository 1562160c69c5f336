import { useCallback, useState } from 'react';
import { reportFailure } from '../../ui/report-failure';

interface Pending {
  message: string;
  action: () => Promise<void>;
}

/**
 * A question before an action (Saber's $confirm): `ask(message, action)` opens it, 确定
 * runs the action (the button stays busy meanwhile) and closes it whatever the outcome;
 * a failed request was already toasted by the API client.
 *
 * @example const confirm = useConfirm(); confirm.ask(t('…'), () => resetPasswords(ids));
 *          <ConfirmDialog {...confirm.dialogProps} />
 */
export function useConfirm() {
  const [pending, setPending] = useState<Pending>();
  const [busy, setBusy] = useState(false);
  const ask = useCallback((message: string, action: () => Promise<void>) => setPending({ message, action }), []);
  const cancel = useCallback(() => setPending(undefined), []);
  const confirm = useCallback(async () => {
    if (!pending) return;
    setBusy(true);
    try {
      await pending.action();
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy(false);
      setPending(undefined);
    }
  }, [pending]);
  return {
    ask,
    dialogProps: { open: pending !== undefined, message: pending?.message ?? '', busy, onConfirm: () => void confirm(), onCancel: cancel },
  };
}
