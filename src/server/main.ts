import { loadConfig } from './config.js';
import { buildApp } from './app.js';

const config = loadConfig();
const { app, services, seed } = await buildApp(config);
if (seed.generatedAdminPassword) {
  console.log('\n  First start: seeded tenant 000000 and the account "admin".');
  console.log(`  Generated admin password (shown once): ${seed.generatedAdminPassword}\n`);
}
await app.listen({ port: config.port, host: config.host });
// A wildcard or loopback address is opened as localhost; any other address as itself.
const shownHost = ['0.0.0.0', '::', '127.0.0.1', '::1'].includes(config.host) ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host;
console.log(`Atrium is serving http://${shownHost}:${config.port} (database: ${services.system.database.kind})`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.close().then(() => process.exit(0), () => process.exit(1));
  });
}
