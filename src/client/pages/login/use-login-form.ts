import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { login, type LoginForm } from '../../session/login';
import { siteConfig } from '../../site-config';

export type LoginField = keyof LoginForm;

export interface LoginFormState {
  values: LoginForm;
  /** Fields left empty at the last submit (username, password are required). */
  missing: ReadonlySet<LoginField>;
  isSubmitting: boolean;
  change(field: LoginField, value: string): void;
  submit(event?: FormEvent): Promise<void>;
}

const REQUIRED: LoginField[] = ['username', 'password'];

/** The login form's values, required check and submit (success goes to the home page). */
export function useLoginForm(): LoginFormState {
  const navigate = useNavigate();
  const [values, setValues] = useState<LoginForm>({ tenantId: siteConfig.tenantId, username: '', password: '' });
  const [missing, setMissing] = useState<ReadonlySet<LoginField>>(new Set());
  const [isSubmitting, setSubmitting] = useState(false);

  const change = (field: LoginField, value: string) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    if (value) setMissing((prev) => new Set([...prev].filter((f) => f !== field)));
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (isSubmitting) return;
    const empty = new Set(REQUIRED.filter((field) => !values[field].trim()));
    setMissing(empty);
    if (empty.size > 0) return;
    setSubmitting(true);
    try {
      const form = { ...values, tenantId: values.tenantId.trim() || siteConfig.tenantId, username: values.username.trim() };
      if (await login(form)) navigate(siteConfig.firstPage.value, { replace: true });
    } finally {
      setSubmitting(false);
    }
  };

  return { values, missing, isSubmitting, change, submit };
}
