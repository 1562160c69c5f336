/**
 * With REDIS_URL, each test worker uses a Redis database of its own (`SELECT <n>`, n = the
 * worker's number), so files running side by side never share a key: a lockout counter of
 * `000000:admin`, a user's session epoch, a rate-limit counter of 127.0.0.1. Within a worker,
 * files run one after another on that database, as the whole suite did on one before. Apps,
 * spawned servers and the tests' own clients all read process.env.REDIS_URL, set here before
 * each file is loaded.
 */
const base = (process.env.ATRIUM_TEST_REDIS_URL ??= process.env.REDIS_URL ?? '');
if (base) {
  const url = new URL(base);
  url.pathname = `/${Number(process.env.VITEST_POOL_ID ?? 1) % 15 + 1}`;
  process.env.REDIS_URL = url.toString();
}
