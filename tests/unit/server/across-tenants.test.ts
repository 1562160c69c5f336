/**
 * Under row-level security (PostgreSQL) a request's queries reach its caller's tenant only;
 * `acrossTenants` lifts that for the code it runs. Every file calling it is named here with
 * why, so a new cross-tenant path fails this test until a reviewer has seen it.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../../support/source-files.js';

const serverRoot = fileURLToPath(new URL('../../../src/server', import.meta.url));

const ACROSS_TENANTS: Record<string, string> = {
  'engine/tenant-tree.ts': "the platform administrator reads another tenant's role or department tree (tenant-tree endpoints)",
  'engine/row-source.ts': "the platform's own context (systemContext): the named bypass, still limited to the context's tenant by the engine's condition",
  'modules/flow/definitions.ts': "the platform administrator deploys and manages shared (tenant '') and other tenants' process definitions",
  'modules/flow/timer-poller.ts': "claims the due timers of every tenant's instances (each timer then fires in its own tenant)",
  'modules/job/job-runner.ts': "claims the next job of any tenant's queue (each job then runs in its own tenant)",
  'modules/log/log-retention.ts': "purges old log rows of every tenant",
  'modules/log/log-writer.ts': 'a batch of log rows holds several tenants\' rows, whichever request filled it',
};

describe('queries across tenants', () => {
  it('are issued only from the files named, each with its reason', () => {
    const users = sourceFiles(serverRoot).filter((path) => /\bacrossTenants\(/.test(readFileSync(path, 'utf8')));
    expect(users.map((path) => relative(serverRoot, path).split('\\').join('/')).sort()).toEqual(Object.keys(ACROSS_TENANTS).sort());
  });
});
