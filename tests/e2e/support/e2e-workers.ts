/**
 * Files the browser suite runs side by side, each worker on a server of its own (global-setup.ts).
 * One by default: two browser files beside CI's PostgreSQL suite on 2 cores made timing-bound
 * tests flaky (2 of 3 CI runs, decision 0076); ATRIUM_E2E_WORKERS=2 runs two at a time.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.ATRIUM_E2E_WORKERS ?? '1'));
