// `npm install` (postinstall) makes the empty embedded cluster a first start copies, so the
// first `npm start` does not pay for PGlite's initdb. Never fails the install: without the
// cluster a first start makes it itself.
import { loadConfig } from '../config.js';
import { ensureTemplate } from './pglite-template.js';

try {
  const template = await ensureTemplate(loadConfig().embeddedTemplateCache);
  console.log(`Embedded database: empty cluster ready in ${template}`);
} catch (error) {
  console.warn(`Embedded database: the empty cluster was not prepared (${(error as Error).message}); the first start will make it`);
}
