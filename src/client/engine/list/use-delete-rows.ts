import { useCallback, useState } from 'react';
import type { EntityModel } from '../../../shared/schema/entity-model';
import { toast } from '../../ui/toast';
import { reportFailure } from '../../ui/report-failure';
import { useEngineText } from '../common/use-engine-text';
import { removeRows } from '../data/resource-api';

/**
 * Deleting rows, Saber style: nothing selected → 请选择至少一条数据; else the question
 * 确定将选择数据删除?, then `remove?ids=a,b`, 删除成功 and a reload.
 */
export function useDeleteRows(input: { model: EntityModel; onDeleted: () => void }) {
  const { model, onDeleted } = input;
  const { t } = useEngineText();
  const [pending, setPending] = useState<string[]>();
  const [busy, setBusy] = useState(false);

  const ask = useCallback(
    (keys: string[]) => {
      if (keys.length === 0) toast.error(t('selectOne'));
      else setPending(keys);
    },
    [t],
  );

  const cancel = useCallback(() => setPending(undefined), []);

  const confirm = useCallback(async () => {
    if (!pending) return;
    setBusy(true);
    try {
      await removeRows(model, pending);
      toast.success(t('deleteSuccess'));
      onDeleted();
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy(false);
      setPending(undefined);
    }
  }, [model, pending, t, onDeleted]);

  return { pending, busy, ask, cancel, confirm };
}
