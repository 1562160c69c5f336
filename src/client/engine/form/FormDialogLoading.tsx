import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { EntityModel } from '../../../shared/schema/entity-model';
import { PageLoading } from '../../ui/PageLoading';
import { useEngineText } from '../common/use-engine-text';
import { formTitle } from './form-title';
import type { FormSession } from './use-form-dialog';

/**
 * What a click on 新增/编辑/查看 shows while the form's code (rjsf, ajv, the widgets) is
 * fetched: the dialog's title and a spinner, at the dialog's width. Esc closes it.
 */
export function FormDialogLoading({ model, session, onClose }: { model: EntityModel; session: FormSession; onClose: () => void }) {
  const { t, lang } = useEngineText();
  return (
    <Dialog
      open
      maxWidth={false}
      aria-labelledby="resource_form_loading_title"
      aria-busy
      slotProps={{ paper: { style: { width: model.formWidth || 880, maxWidth: 'calc(100% - 32px)' } } }}
      onClose={(_, reason) => reason !== 'backdropClick' && onClose()}
    >
      <DialogTitle id="resource_form_loading_title">{formTitle({ model, lang, verb: t(session.mode) })}</DialogTitle>
      <DialogContent dividers>
        <PageLoading />
      </DialogContent>
    </Dialog>
  );
}
