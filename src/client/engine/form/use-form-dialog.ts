import { useCallback, useRef, useState } from 'react';
import type { EntityModel, FormMode } from '../../../shared/schema/entity-model';
import { toast } from '../../ui/toast';
import { reportFailure } from '../../ui/report-failure';
import { useEngineText } from '../common/use-engine-text';
import { fetchDetail, submitRecord, type ResourceRow } from '../data/resource-api';
import { formDataOf, submitBody } from './form-schema';

/** One opening of the dialog. */
export interface FormSession {
  mode: FormMode;
  record: Record<string, unknown>;
  /** Changes on every opening, so the form starts fresh. */
  serial: number;
}

/**
 * The add/edit/view dialog's controller (Saber's beforeOpen + rowSave/rowUpdate): edit
 * and view re-fetch `detail` before opening; a save toasts 新增成功 / 更新成功, closes and
 * reloads; a failed save resets the loading state and keeps the dialog open.
 */
export function useFormDialog(input: {
  model: EntityModel;
  onSaved: () => void;
  /** Values every saved record gets (a page's fixed values). */
  fixedValues?: Record<string, unknown>;
}) {
  const { model, onSaved, fixedValues } = input;
  const { t } = useEngineText();
  const [session, setSession] = useState<FormSession>();
  const [saving, setSaving] = useState(false);
  const serial = useRef(0);

  const open = useCallback((mode: FormMode, record: Record<string, unknown>) => {
    serial.current += 1;
    setSaving(false);
    setSession({ mode, record: formDataOf(record), serial: serial.current });
  }, []);

  const openNew = useCallback((record: Record<string, unknown>) => open('add', record), [open]);

  const openExisting = useCallback(
    async (mode: 'edit' | 'view', row: ResourceRow) => {
      try {
        open(mode, await fetchDetail(model, row));
      } catch (error) {
        reportFailure(error);
      }
    },
    [model, open],
  );

  const close = useCallback(() => setSession(undefined), []);

  const submit = useCallback(
    async (formData: Record<string, unknown>) => {
      if (!session || session.mode === 'view') return;
      setSaving(true);
      try {
        await submitRecord(model, submitBody(model, { ...formData, ...fixedValues }));
      } catch (error) {
        setSaving(false);
        reportFailure(error);
        return;
      }
      setSaving(false);
      toast.success(t(session.mode === 'add' ? 'addSuccess' : 'updateSuccess'));
      setSession(undefined);
      onSaved();
    },
    [model, session, t, onSaved, fixedValues],
  );

  return { session, saving, openNew, openExisting, close, submit };
}
