import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiError, requestRaw } from '../../api/http';
import { toast } from '../../ui/toast';
import { reportFailure } from '../../ui/report-failure';
import { loginByPhone } from '../../session/login';
import { siteConfig } from '../../site-config';
import { phoneProblem, type PhoneProblem } from '../info/profile-rules';

export type PhoneField = 'tenantId' | 'phone' | 'code';

const CODE = /^\d{4,6}$/;

/** A refusal the API client did not show (it treats 401 as a logout, which means nothing on this page). */
function showRefusal(error: unknown): void {
  if (error instanceof ApiError && error.code === 401) toast.error(error.message);
  else reportFailure(error);
}

/** 手机号登录: phone (three rules), a 4–6 digit code sent by SMS with a 60 s countdown, sign-in by grant sms_code. */
export function usePhoneForm(fixedTenantId?: string) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<PhoneField, string>>({ tenantId: siteConfig.tenantId, phone: '', code: '' });
  const [phoneError, setPhoneError] = useState<PhoneProblem>();
  const [codeError, setCodeError] = useState(false);
  const [countdown, setCountdown] = useState(0);
  const [isSubmitting, setSubmitting] = useState(false);
  const tenantId = fixedTenantId || values.tenantId.trim() || siteConfig.tenantId;

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  const change = (field: PhoneField, value: string) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    if (field === 'phone' && phoneError) setPhoneError(phoneProblem(value));
    if (field === 'code' && codeError) setCodeError(!CODE.test(value));
  };

  const sendCode = async () => {
    const problem = phoneProblem(values.phone);
    setPhoneError(problem);
    if (problem || countdown > 0) return;
    try {
      // Asked before anyone is signed in: the auth module's code endpoint (client Basic header only).
      await requestRaw({ method: 'POST', url: '/blade-auth/oauth/sms-code', params: { tenantId, phone: values.phone.trim() }, auth: false, headers: { 'Tenant-Id': tenantId } });
      toast.success(t('login.codeSent'));
      setCountdown(siteConfig.smsCountdownSeconds);
    } catch (error) {
      showRefusal(error);
    }
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const problem = phoneProblem(values.phone);
    const isCodeBad = !CODE.test(values.code.trim());
    setPhoneError(problem);
    setCodeError(isCodeBad);
    if (problem || isCodeBad || isSubmitting) return;
    setSubmitting(true);
    try {
      if (await loginByPhone({ tenantId, phone: values.phone.trim(), code: values.code.trim() })) navigate(siteConfig.firstPage.value, { replace: true });
    } finally {
      setSubmitting(false);
    }
  };

  return { values, phoneError, codeError, countdown, isSubmitting, change, blurPhone: () => setPhoneError(phoneProblem(values.phone)), sendCode, submit };
}
