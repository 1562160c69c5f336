import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { login, type LoginForm } from '../../session/login';
import { siteConfig } from '../../site-config';
import { useCaptcha } from './use-captcha';

export type LoginField = keyof LoginForm | 'code';

export interface LoginFormState {
  values: LoginForm & { code: string };
  /** Fields left empty at the last submit (username, password, and the captcha code when shown). */
  missing: ReadonlySet<LoginField>;
  isSubmitting: boolean;
  captcha: ReturnType<typeof useCaptcha>;
  change(field: LoginField, value: string): void;
  submit(event?: FormEvent): Promise<void>;
}

/**
 * The account form's values, required checks and submit (success goes to the home
 * page; a failure gets a fresh captcha). `fixedTenantId` is the tenant bound to the
 * site's domain.
 */
export function useLoginForm(fixedTenantId?: string): LoginFormState {
  const navigate = useNavigate();
  const captcha = useCaptcha();
  const [values, setValues] = useState({ tenantId: siteConfig.tenantId, username: '', password: '', code: '' });
  const [missing, setMissing] = useState<ReadonlySet<LoginField>>(new Set());
  const [isSubmitting, setSubmitting] = useState(false);
  const required: LoginField[] = captcha.isEnabled ? ['username', 'password', 'code'] : ['username', 'password'];

  const change = (field: LoginField, value: string) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    if (value) setMissing((prev) => new Set([...prev].filter((f) => f !== field)));
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (isSubmitting) return;
    const empty = new Set(required.filter((field) => !values[field].trim()));
    setMissing(empty);
    if (empty.size > 0) return;
    setSubmitting(true);
    try {
      const tenantId = fixedTenantId || values.tenantId.trim() || siteConfig.tenantId;
      const form = { tenantId, username: values.username.trim(), password: values.password };
      const withCaptcha = captcha.isEnabled && captcha.captcha ? { key: captcha.captcha.key, code: values.code.trim() } : undefined;
      if (await login(form, withCaptcha)) navigate(siteConfig.firstPage.value, { replace: true });
      else if (captcha.isEnabled) {
        captcha.refresh();
        change('code', '');
      }
    } finally {
      setSubmitting(false);
    }
  };

  return { values, missing, isSubmitting, captcha, change, submit };
}
