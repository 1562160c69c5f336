import { isEmpty } from '../../../shared/is-empty';
import type { FieldOptions } from '../../../shared/schema/entity-model';

/** Where a field's options come from now: a URL, or the name of the empty field they wait for. */
export type OptionRequest = { url?: string; waitingFor?: undefined } | { url?: undefined; waitingFor: string };

/**
 * The options URL for the form's current values: `x-options.params` adds each query
 * parameter from its field (`table-list?datasourceId=3`); while one of those fields is
 * empty there is nothing to ask, and the request names the field it waits for.
 */
export function optionRequest(options: FieldOptions | undefined, data: Record<string, unknown> = {}): OptionRequest {
  if (!options) return {};
  if (!options.params) return { url: options.url };
  const query = new URLSearchParams();
  for (const [param, name] of Object.entries(options.params)) {
    if (isEmpty(data[name])) return { waitingFor: name };
    query.set(param, String(data[name]));
  }
  return { url: `${options.url}${options.url.includes('?') ? '&' : '?'}${query.toString()}` };
}
