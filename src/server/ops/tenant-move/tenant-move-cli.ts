import { loadConfig } from '../../config.js';
import { runTenantMove } from './tenant-move-command.js';

// `npm run tenant:move -- <tenantId> <datasourceId | main> [--online]`; see tenant-move-command.ts.
process.exitCode = await runTenantMove(process.argv.slice(2), loadConfig(), (line) => console.log(line));
