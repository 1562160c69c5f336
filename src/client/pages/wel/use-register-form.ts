import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/http';
import { toast } from '../../ui/toast';
import { reportFailure } from '../../ui/report-failure';
import { LOGIN_PATH } from '../../routes/paths';
import { registerGuest, registerProblem, type RegisterForm } from '../../session/guest';
import { logout } from '../../session/logout';
import { getSession } from '../../session/session-store';

/** The registration form: ordered warnings, submit, the approval notice, then logout to /login. */
export function useRegisterForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = getSession();
  const [values, setValues] = useState<RegisterForm>({ tenantId: session.tenantId ?? '', name: '', account: '', password: '', password2: '' });
  const [busy, setBusy] = useState(false);
  const [isSubmitted, setSubmitted] = useState(false);

  const submit = async () => {
    const problem = registerProblem(values);
    if (problem) return toast.warning(t(`register.${problem}`));
    setBusy(true);
    try {
      await registerGuest(values, session.userInfo?.oauth_id);
      setSubmitted(true);
    } catch (error) {
      if (!(error instanceof ApiError)) return reportFailure(error);
      // Sent silently: the server's own text, else 提交失败 (spec §8 Register failure).
      const body = (error.body ?? {}) as { msg?: string; error_description?: string };
      toast.error(body.msg || body.error_description || t('register.failed'));
    } finally {
      setBusy(false);
    }
  };
  const leave = async () => {
    await logout();
    navigate(LOGIN_PATH, { replace: true });
  };
  return {
    values,
    busy,
    isSubmitted,
    change: (name: keyof RegisterForm, value: string) => setValues((prev) => ({ ...prev, [name]: value })),
    submit,
    leave,
  };
}
