import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import TextField from '@mui/material/TextField';
import { toast } from '../../../ui/toast';

/**
 * 批复意见 of a handle page (default 同意): the field, and `checked()` for ApprovalActions, which
 * answers the trimmed text, or flags the field, warns and answers undefined when it is empty.
 */
export function useApprovalComment(id: string) {
  const { t } = useTranslation();
  const [comment, setComment] = useState(t('pages.flow.commentDefault'));
  const [missing, setMissing] = useState(false);
  const checked = () => {
    if (comment.trim()) return comment.trim();
    setMissing(true);
    toast.warning(t('pages.flow.commentRequired'));
    return undefined;
  };
  const field = (
    <TextField
      id={id}
      fullWidth
      multiline
      minRows={3}
      label={t('pages.flow.comment')}
      value={comment}
      error={missing}
      helperText={missing ? t('pages.flow.commentRequired') : undefined}
      onChange={(event) => {
        setComment(event.target.value);
        setMissing(false);
      }}
    />
  );
  return { field, checked };
}
