import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../ui/toast';
import { reportFailure } from '../../ui/report-failure';
import { getSession, updateSession } from '../../session/session-store';
import { fetchProfile, updateProfile, uploadAvatar, type Profile } from './profile-api';
import { avatarProblem, phoneProblem, type PhoneProblem } from './profile-rules';

export type ProfileField = 'realName' | 'name' | 'phone' | 'email';

const EMPTY: Profile = { avatar: '', realName: '', name: '', phone: '', email: '' };

/** 个人信息: load, the phone rule on blur and on save, the avatar check and upload, save. */
export function useProfileForm() {
  const { t } = useTranslation();
  const [values, setValues] = useState<Profile>(EMPTY);
  const [isLoading, setLoading] = useState(true);
  const [phoneError, setPhoneError] = useState<PhoneProblem>();
  const [busy, setBusy] = useState(false);
  const [isUploading, setUploading] = useState(false);

  useEffect(() => {
    fetchProfile()
      .then(setValues, reportFailure)
      .finally(() => setLoading(false));
  }, []);

  const change = (field: ProfileField, value: string) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    if (field === 'phone' && phoneError) setPhoneError(phoneProblem(value));
  };

  const pickAvatar = async (file: File | undefined) => {
    if (!file) return;
    const problem = avatarProblem(file);
    if (problem) return toast.error(t(`info.${problem}`));
    setUploading(true);
    try {
      const link = await uploadAvatar(file);
      setValues((prev) => ({ ...prev, avatar: link }));
    } catch (error) {
      reportFailure(error);
    } finally {
      setUploading(false);
    }
  };

  const save = async () => {
    const problem = phoneProblem(values.phone);
    setPhoneError(problem);
    if (problem) return;
    setBusy(true);
    try {
      await updateProfile(values);
      const { userInfo } = getSession();
      // The header shows what the token calls nick_name: the real name, else the nickname (the server's rule at sign-in).
      if (userInfo) updateSession({ userInfo: { ...userInfo, avatar: values.avatar, nick_name: values.realName || values.name || userInfo.nick_name } });
      toast.success(t('info.saved'));
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy(false);
    }
  };

  return { values, isLoading, phoneError, busy, isUploading, change, blurPhone: () => setPhoneError(phoneProblem(values.phone)), pickAvatar, save };
}
