import { loadConfig } from './config.js';
import { buildApp } from './app.js';

const config = loadConfig();
const { app, services, seed } = await buildApp(config);
if (seed.generatedAdminPassword) {
  console.log('\n  First start: seeded tenant 000000 and the account "admin".');
  console.log(`  Generated admin password (shown once): ${seed.generatedAdminPassword}\n`);
}
await app.listen({ port: config.port, host: config.host });
console.log(`Atrium is serving http://localhost:${config.port} (database: ${services.database.kind})`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.close().then(() => process.exit(0), () => process.exit(1));
  });
}
