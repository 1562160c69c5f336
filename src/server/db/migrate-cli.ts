import { loadConfig } from '../config.js';
import { runMigrate } from './migrate-command.js';

// `npm run db:migrate -- --plan | --apply [--confirm-data-loss]`; stop the server first
// when it runs on the embedded database (one process at a time opens its folder).
process.exitCode = await runMigrate(process.argv.slice(2), loadConfig(), (line) => console.log(line));
