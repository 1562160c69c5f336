import type { AppModule } from '../module.js';
import { rateLimitOf } from '../../http/rate-limits.js';
import { CaptchaService } from './captcha-service.js';

/** GET /blade-auth/oauth/captcha → bare {key, image} (BladeX shape), open. */
export const registerCaptchaModule: AppModule = (_app, services) => {
  const captchas = new CaptchaService(services.store);
  return (routes) => {
    routes.get('/blade-auth/oauth/captcha', { config: { open: true }, onRequest: rateLimitOf(routes, 'captcha'), schema: { tags: ['auth'] } }, async () => captchas.create());
  };
};
