#!/usr/bin/env node
// The generator's command line: runs codegen/cli.ts through tsx (no build step).
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../cli.ts');
process.exitCode = await main(process.argv.slice(2));
