/**
 * A value at hand, or one still to come. The request path's checks answer at once when what
 * they need is cached in the process: handing the value on without a promise saves each its
 * promise and its turn of the microtask queue, which cost more while an AsyncLocalStorage is
 * in use (server/db/tenant-scope.ts).
 */
export type MaybePromise<T> = T | Promise<T>;

/** `fn` of the value: at once when it is at hand, else once it arrives. */
export function andThen<T, U>(value: MaybePromise<T>, fn: (value: T) => MaybePromise<U>): MaybePromise<U> {
  return value instanceof Promise ? value.then(fn) : fn(value);
}

/** Ends a callback-style step (a Fastify hook's `done`) with the outcome of `step`, without a promise when it answered at once. */
export function settle(step: () => MaybePromise<unknown>, done: (error?: Error) => void): void {
  let pending: MaybePromise<unknown>;
  try {
    pending = step();
  } catch (error) {
    done(error as Error);
    return;
  }
  if (pending instanceof Promise) pending.then(() => done(), done);
  else done();
}
