import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { mutate } from 'swr';
import { ApiError, requestRaw } from '../api/http';
import { closeOtherTags, closeTag, HOME_TAG, resetTags } from '../store/tags-store';
import { toast } from '../ui/toast';

/**
 * What the tag bar does: close one tab, close others (keeps home and the current or the
 * right-clicked one),
 * close all (home alone), and clear cache (after a question: GET
 * /blade-auth/oauth/clear-cache, then every cached server answer is fetched again).
 */
export function useTagActions() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const current = `${pathname}${search}`;
  // The address bar, not the rendered location: a page still loading has not committed its location yet.
  const addressed = () => `${window.location.pathname}${window.location.search}`;
  const [isAskingClear, setAskingClear] = useState(false);

  const clearCache = async () => {
    setAskingClear(false);
    try {
      await requestRaw({ url: '/blade-auth/oauth/clear-cache', silent: true });
      toast.success(t('tagsView.clearCacheDone'));
    } catch (error) {
      // A server without the endpoint (404) or refusing it: say so, and still refresh what the console holds.
      if (!(error instanceof ApiError)) throw error;
      toast.warning(t('tagsView.clearCacheFailed', { message: error.message }));
    }
    void mutate(() => true);
  };

  return {
    current,
    close(value: string) {
      const next = closeTag(value);
      if (value === addressed()) navigate(next.value);
    },
    closeOthers: () => closeOtherTags(addressed()),
    /** Keeps the first tab and `value` (the right-clicked one), and shows it. */
    closeOthersOf(value: string) {
      closeOtherTags(value);
      if (value !== addressed()) navigate(value);
    },
    closeAll() {
      resetTags();
      navigate(HOME_TAG.value);
    },
    askClearCache: () => setAskingClear(true),
    clearConfirm: { open: isAskingClear, message: t('tagsView.clearCacheConfirm'), onConfirm: () => void clearCache(), onClose: () => setAskingClear(false) },
  };
}
