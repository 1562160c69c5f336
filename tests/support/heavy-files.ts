/**
 * The API files that take longest, heaviest first (measured on the embedded database; they
 * are among the slowest on PostgreSQL too): a run without vitest's cache of the last
 * durations starts them first (tests/support/sequencer.ts). A file missing here only starts
 * later; a stale list costs balance between the workers, never a result.
 */
export const HEAVY_FILES = [
  'tests/api/save-every-seeded-row.test.ts',
  'tests/api/jobs-import.test.ts',
  'tests/api/jobs-restart.test.ts',
  'tests/api/generated-input-never-5xx.test.ts',
  'tests/api/backup-restore.test.ts',
  'tests/api/jobs-user-import.test.ts',
  'tests/api/jobs-export.test.ts',
  'tests/api/schema-drift.test.ts',
  'tests/api/codegen-cli.test.ts',
  'tests/api/pglite-template.test.ts',
  'tests/api/flow-restart.test.ts',
  'tests/api/jobs-region-import.test.ts',
  'tests/api/demo-business.test.ts',
  'tests/api/list-totals-under-writes.test.ts',
  'tests/api/jobs-user-export.test.ts',
  'tests/api/first-start.test.ts',
  'tests/api/embedded-maintenance.test.ts',
  'tests/api/cross-tenant-every-endpoint.test.ts',
  'tests/api/stored-month-upgrade.test.ts',
  'tests/api/demo-accounts.test.ts',
];
