import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { LOGIN_PATH } from '../../routes/paths';
import { endSession } from '../../session/end-session';
import { toast } from '../../ui/toast';
import { reportFailure } from '../../ui/report-failure';
import { updatePassword } from './profile-api';
import { passwordProblems, type PasswordForm, type PasswordProblems } from './profile-rules';

const EMPTY: PasswordForm = { oldPassword: '', newPassword: '', newPassword1: '' };

/** 修改密码: required and matching checks, then update-password (md5 of each), which ends the user's sessions: back to the login page. */
export function usePasswordForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
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
      // The server ended every session of the user: say so and go to the login page at once.
      toast.success(t('info.passwordSavedSignIn'));
      setValues(EMPTY);
      endSession();
      navigate(LOGIN_PATH, { replace: true });
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return { values, problems, busy, change, blur, save };
}
