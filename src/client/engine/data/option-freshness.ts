import { mutate } from 'swr';

/** The SWR key of an option list: `['engine:options', url]`. */
export const OPTIONS_KEY = 'engine:options';

function isOptionKeyUnder(key: unknown, apiPath: string): boolean {
  if (!Array.isArray(key) || key[0] !== OPTIONS_KEY || typeof key[1] !== 'string') return false;
  const url = key[1];
  return url === apiPath || url.startsWith(`${apiPath}/`) || url.startsWith(`${apiPath}?`);
}

/**
 * After a write to an entity (submit, remove, an action, an import), every option list
 * asked from that entity's `apiPath` is asked again, so a select or a list cell fed by it
 * shows the row written a moment ago. Lists no screen shows now are asked when they mount.
 */
export function refreshOptionsUnder(apiPath: string): void {
  void mutate((key) => isOptionKeyUnder(key, apiPath));
}

/** `write`, then the option lists of `apiPath` are refreshed (only when it succeeded). */
export async function thenRefreshOptions<T>(apiPath: string, write: Promise<T>): Promise<T> {
  const answer = await write;
  refreshOptionsUnder(apiPath);
  return answer;
}
