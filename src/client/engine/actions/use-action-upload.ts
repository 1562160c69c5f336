import { useCallback, useMemo, useState } from 'react';
import type { ActionModel, EntityModel, Lang } from '../../../shared/schema/entity-model';
import { reportFailure } from '../../ui/report-failure';
import { toast } from '../../ui/toast';
import type { ResourceRow } from '../data/resource-api';
import type { FilePick } from '../form/file-pick';
import { uploadSchemaAction } from './schema-action-api';

/**
 * An action form's file field: a picked file goes at once (multipart, the rows' keys in the
 * query). With a `result` the answer's `result.field` is kept and shown, the dialog staying
 * open; without one, success is `onUploaded` (close and reload). `repeat` is
 * the send button: the line again as a message, or a warning when nothing was sent yet.
 */
export function useActionUpload(input: { model: EntityModel; action: ActionModel; rows: ResourceRow[]; prefix: string; lang: Lang; sendFirst: string; onUploaded?: () => void }) {
  const { model, action, rows, prefix, lang, sendFirst, onUploaded } = input;
  const result = action.form?.result;
  const [busy, setBusy] = useState(false);
  const [value, setValue] = useState<string>();
  const onPick = useCallback(async (field: string, file: File) => {
    setBusy(true);
    try {
      const keys = rows.map((row) => String(row[action.keyField] ?? ''));
      const data = await uploadSchemaAction(model, action, { keys, field, file });
      // Without a result the upload was the action: the dialog closes and the list reloads.
      if (!result) return onUploaded?.();
      setValue(String(data[result.field] ?? ''));
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy(false);
    }
  }, [model, action, rows, result, onUploaded]);
  const line = value !== undefined && result ? result.text[lang].replace('{value}', value) : undefined;
  const pick: FilePick = useMemo(() => ({
    onPick: (field, file) => void onPick(field, file),
    busy,
    ...(value && result?.kind === 'image' ? { preview: value, previewId: `${prefix}_image` } : {}),
  }), [onPick, busy, value, result, prefix]);
  const repeat = () => (line ? toast.success(line) : toast.warning(sendFirst));
  return { pick, line, busy, repeat };
}
