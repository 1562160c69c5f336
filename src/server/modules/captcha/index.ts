import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../app-services.js';
import { rateLimitOf } from '../../http/rate-limits.js';
import { CaptchaService } from './captcha-service.js';

/** GET /blade-auth/oauth/captcha → bare {key, image} (BladeX shape), open. */
export function registerCaptchaModule(app: FastifyInstance, services: AppServices): void {
  const captchas = new CaptchaService(services.store);
  for (const prefix of ['/api', '']) {
    app.get(`${prefix}/blade-auth/oauth/captcha`, { config: { open: true }, onRequest: rateLimitOf(app, 'captcha'), schema: { tags: ['auth'], hide: prefix === '' } }, async () => captchas.create());
  }
}
