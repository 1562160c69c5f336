declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * API logging of a hand-written route: true logs a read (GET) too, false keeps a
     * write out of the API log. Default: writes (POST, PUT, PATCH, DELETE) only.
     */
    apiLog?: boolean;
  }
}

export {};
