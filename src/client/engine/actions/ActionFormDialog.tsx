import { useEffect, useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { ActionModel, EntityModel } from '../../../shared/schema/entity-model';
import { reportFailure } from '../../ui/report-failure';
import { useEngineText } from '../common/use-engine-text';
import type { ResourceRow } from '../data/resource-api';
import { FilePickContext } from '../form/file-pick';
import { ResourceForm } from '../form/ResourceForm';
import { actionFormId, actionFormModel, actionFormView, initialActionValues } from './action-form-model';
import { PickedPath } from './PickedPath';
import { useActionUpload } from './use-action-upload';

export interface ActionFormDialogProps {
  model: EntityModel;
  action: ActionModel;
  /** The rows the action works on (their values start the form). */
  rows: ResourceRow[];
  busy: boolean;
  onSubmit: (values: Record<string, unknown>) => void;
  onClose: () => void;
  /** A file field's upload succeeded in a form without a result. */
  onUploaded?: () => void;
}

/**
 * The dialog of an `x-actions` entry with a `form`: its fields in the engine's form, started
 * from the row (or `initial.url`), checked on blur and on 确定 with the schema's messages
 * before anything is sent. Ids: `<prefix>_dialog` (paper), `_dialog_title`, `_dialog_submit`,
 * `_dialog_cancel`, inputs `<prefix>_<field>` (actionFormId). With `form.send` the button sits
 * under the fields (`<prefix>_submit`) and the footer only closes. With `form.result` a picked
 * file goes at once and the answer shows under the fields (`<prefix>_link`, `<prefix>_image`);
 * the send button then repeats that line (useActionUpload); without a result a successful upload
 * closes the dialog (`onUploaded`). `form.readOnly`: the footer only closes. `form.summary`: the
 * picked options' labels joined under the fields (`<prefix>_value`, PickedPath).
 */
export function ActionFormDialog({ model, action, rows, busy, onSubmit, onClose, onUploaded }: ActionFormDialogProps) {
  const { t, lang } = useEngineText();
  const form = action.form!;
  const prefix = actionFormId(model, action);
  const id = `${prefix}_dialog`;
  const formModel = useMemo(() => actionFormModel(model, form), [model, form]);
  const view = useMemo(() => actionFormView(model), [model]);
  const [initial, setInitial] = useState<Record<string, unknown>>();
  const [values, setValues] = useState<Record<string, unknown>>({});
  const upload = useActionUpload({ model, action, rows, prefix, lang, sendFirst: t('sendFirst'), onUploaded });
  // The summary line follows the values; the form then passes its changes through here.
  const followValues = form.summary ? ({ next }: { next: Record<string, unknown> }) => (setValues(next), next) : undefined;
  const submit = (buttonId: string, label: string) => (
    <Button
      id={buttonId}
      {...(form.result ? { type: 'button', onClick: upload.repeat } : { type: 'submit', form: `${id}_form` })}
      variant="contained"
      disabled={busy || upload.busy || !initial}
      startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
    >
      {label}
    </Button>
  );
  useEffect(() => {
    let live = true;
    initialActionValues({ action, rows }).then(
      (values) => live && setInitial(values),
      (error: unknown) => {
        reportFailure(error);
        if (live) setInitial({});
      },
    );
    return () => {
      live = false;
    };
  }, [action, rows]);
  return (
    <Dialog
      open
      maxWidth={false}
      aria-labelledby={`${id}_title`}
      slotProps={{ paper: { id, style: { width: form.width, maxWidth: 'calc(100% - 32px)' } } }}
      onClose={(_, reason) => reason !== 'backdropClick' && onClose()}
    >
      <DialogTitle id={`${id}_title`}>{(form.title ?? action.label)[lang]}</DialogTitle>
      <DialogContent dividers>
        {initial ? (
          <>
            <FilePickContext.Provider value={upload.pick}>
              <ResourceForm model={formModel} view={view} mode="add" lang={lang} formId={`${id}_form`} idPrefix={prefix} initial={initial} onFormChange={followValues} onSubmit={onSubmit} />
            </FilePickContext.Provider>
            {form.summary && <PickedPath id={`${prefix}_value`} model={formModel} summary={form.summary} values={values} />}
            {upload.line && (
              <Typography id={`${prefix}_link`} variant="body2" sx={{ wordBreak: 'break-all' }}>
                {upload.line}
              </Typography>
            )}
            {form.send && <Box sx={{ mt: 1 }}>{submit(`${prefix}_submit`, form.send[lang])}</Box>}
          </>
        ) : (
          <LinearProgress />
        )}
      </DialogContent>
      <DialogActions>
        {!form.send && !form.readOnly && submit(`${id}_submit`, t('ok'))}
        <Button id={`${id}_cancel`} onClick={onClose}>
          {t(form.send || form.readOnly ? 'close' : 'cancel')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
