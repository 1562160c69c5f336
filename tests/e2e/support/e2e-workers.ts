/** Files the browser suite runs side by side, each worker on a server of its own (global-setup.ts); ATRIUM_E2E_WORKERS=1 runs them one after another. */
export const E2E_WORKERS = Math.max(1, Number(process.env.ATRIUM_E2E_WORKERS ?? '2'));
