import type { FastifyInstance, FastifyPluginAsync } from 'fastify';

/**
 * Mounts a route plugin twice: under /api, documented, and bare, hidden from the docs —
 * our console calls /api/blade-*, a Saber deployment whose proxy strips /api calls
 * /blade-*. The plugin declares its routes without a prefix.
 */
export async function mountTwice<Options extends Record<string, unknown>>(app: FastifyInstance, plugin: FastifyPluginAsync<Options>, opts: Options): Promise<void> {
  await app.register(plugin, { ...opts, prefix: '/api' });
  await app.register(async (bare) => {
    bare.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, hide: true };
    });
    await bare.register(plugin, opts);
  });
}
