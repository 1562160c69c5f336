/**
 * API test files that run alone (one worker, after the files that run two at a time), each
 * with the reason. What they share with other files is the machine: they bound how long
 * something may take (a probe "within 2 s"), start several server processes at once, or kill
 * and restart servers, and a second file working beside them on 2 cores would stretch those
 * bounds. Nothing else a file touches is shared: apps get databases and data folders of their
 * own, ports are free ones, and with REDIS_URL each worker has a Redis database of its own
 * (tests/support/worker-redis.ts).
 */
export const SERIAL_FILES = [
  // A probe answers 503 "within 2 s" of Redis stopping; a Redis made silent by SIGSTOP.
  'tests/api/health-probes.test.ts',
  'tests/api/store-outage.test.ts',
  // Several server processes, started together; a revoked token refused by each "within 1 s".
  'tests/api/several-processes.test.ts',
  'tests/api/start-together.test.ts',
  'tests/api/tenant-own-database-processes.test.ts',
  'tests/api/tenant-move-unfollowed.test.ts',
  // Three processes under load: one killed, PostgreSQL and Redis restarted under them.
  'tests/api/fault-drills.test.ts',
];
