import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../ui/toast';
import { reportFailure } from '../../ui/report-failure';
import { updatePassword } from './profile-api';
import { passwordProblems, type PasswordForm, type PasswordProblems } from './profile-rules';

const EMPTY: PasswordForm = { oldPassword: '', newPassword: '', newPassword1: '' };

/** 修改密码: required and matching checks, then update-password (md5 of each). */
export function usePasswordForm() {
  const { t } = useTranslation();
  const [values, setValues] = useState<PasswordForm>(EMPTY);
  const [problems, setProblems] = useState<PasswordProblems>({});
  const [busy, setBusy] = useState(false);
  const change = (field: keyof PasswordForm, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // Once shown, a message follows the typing (it clears as soon as the field is right).
    if (problems[field]) setProblems((prev) => ({ ...prev, [field]: passwordProblems(next)[field] }));
  };
  const blur = (field: keyof PasswordForm) => setProblems((prev) => ({ ...prev, [field]: passwordProblems(values)[field] }));
  const save = async () => {
    const found = passwordProblems(values);
    setProblems(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await updatePassword(values);
      toast.success(t('info.passwordSaved'));
      setValues(EMPTY);
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return { values, problems, busy, change, blur, save };
}
