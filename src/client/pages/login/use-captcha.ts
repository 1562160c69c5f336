import { useCallback, useEffect, useState } from 'react';
import { requestRaw } from '../../api/http';
import { siteConfig } from '../../site-config';

export interface CaptchaImage {
  key: string;
  image: string;
}

/** The captcha image (GET /blade-auth/oauth/captcha → {key, image}) when captchaMode is on; refresh() gets a new one. */
export function useCaptcha() {
  const [captcha, setCaptcha] = useState<CaptchaImage>();
  const refresh = useCallback(() => {
    if (!siteConfig.captchaMode) return;
    // BladeX answers the bare {key, image}; an envelope carries it in data.
    requestRaw<CaptchaImage & { data?: CaptchaImage }>({ url: '/blade-auth/oauth/captcha', auth: false }).then(
      (body) => setCaptcha(body.data ?? { key: body.key, image: body.image }),
      () => setCaptcha(undefined),
    );
  }, []);
  useEffect(refresh, [refresh]);
  return { isEnabled: siteConfig.captchaMode, captcha, refresh };
}
