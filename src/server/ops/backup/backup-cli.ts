import { loadConfig } from '../../config.js';
import { runBackupCommand } from './backup-command.js';

// `npm run backup -- --out <dir>` / `npm run restore -- --from <dir>` (package.json passes the command).
const [command, ...args] = process.argv.slice(2);
if (command !== 'backup' && command !== 'restore') throw new Error('backup-cli: the first argument is backup or restore');
process.exitCode = await runBackupCommand(command, args, loadConfig(), (line) => console.log(line));
