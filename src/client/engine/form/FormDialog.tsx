import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { EntityModel, ListView } from '../../../shared/schema/entity-model';
import { useEngineText } from '../common/use-engine-text';
import type { FormChangeHandler } from '../extensions';
import { formTitle } from './form-title';
import { ResourceForm } from './ResourceForm';
import type { FormSession } from './use-form-dialog';

export interface FormDialogProps {
  model: EntityModel;
  view: ListView;
  session: FormSession;
  saving: boolean;
  /** Prefix of the dialog's ids ('' on the main list, 'child_' in a child list). */
  scope: string;
  /** A page's hook on form changes (fill fields from a pick). */
  onFormChange?: FormChangeHandler;
  onSubmit: (formData: Record<string, unknown>) => void;
  onClose: () => void;
}

/**
 * The add/edit/view dialog: width `formWidth` px, title 新增/编辑/查看 + one record of
 * the entity (编辑用户, Edit user), 确定 (id `form_submit`) and 取消 (id `form_cancel`). Esc closes it; a click on
 * the backdrop does not (Saber: dialogClickModal false).
 */
export function FormDialog({ model, view, session, saving, scope, onFormChange, onSubmit, onClose }: FormDialogProps) {
  const { t, lang } = useEngineText();
  const formId = `${scope}resource_form`;
  const title = formTitle({ model, lang, verb: t(session.mode) });
  return (
    <Dialog
      open
      maxWidth={false}
      aria-labelledby={`${formId}_title`}
      slotProps={{ paper: { style: { width: model.formWidth || 880, maxWidth: 'calc(100% - 32px)' } } }}
      onClose={(_, reason) => reason !== 'backdropClick' && onClose()}
    >
      <DialogTitle id={`${formId}_title`}>{title}</DialogTitle>
      <DialogContent dividers>
        <ResourceForm
          key={session.serial}
          model={model}
          view={view}
          mode={session.mode}
          lang={lang}
          formId={formId}
          initial={session.record}
          onFormChange={onFormChange}
          onSubmit={onSubmit}
        />
      </DialogContent>
      <DialogActions>
        {session.mode !== 'view' && (
          <Button
            id={`${scope}form_submit`}
            type="submit"
            form={formId}
            variant="contained"
            disabled={saving}
            startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {t('ok')}
          </Button>
        )}
        <Button id={`${scope}form_cancel`} onClick={onClose}>
          {t('cancel')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
