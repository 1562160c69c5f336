import type { ActionModel, EntityModel } from '../../../shared/schema/entity-model';
import { requestRaw } from '../../api/http';
import { urlFor } from '../data/endpoints';
import { thenRefreshOptions } from '../data/option-freshness';

/** Where the action is served: a route kind's own `url`, else `<x-api.path>/<path>`. */
function actionUrl(model: EntityModel, action: ActionModel): string {
  return action.run.kind === 'route' && action.run.url ? action.run.url : urlFor(model, action.path);
}

/** A list value travels comma-joined, as BladeX's list parameters do (every server reader splits it). */
function joinedLists(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, Array.isArray(value) ? value.join(',') : value]));
}

/** The JSON body of a form's call: one field's value alone (`form.body`), else the keys and the values. */
function formBody(action: ActionModel, keys: Record<string, string>, values: Record<string, unknown>): unknown {
  const one = action.form?.body;
  return one !== undefined ? values[one] : { ...keys, ...joinedLists(values) };
}

/**
 * Calls an `x-actions` endpoint with the rows' keys (comma-joined in the action's parameter),
 * or, for an action with a form, a JSON body of the keys and the form's values (or of one field, `form.body`).
 * Answers the envelope's `msg`: the action's success text in the caller's language, followed
 * by anything its hook told the caller.
 */
export async function callSchemaAction(model: EntityModel, action: ActionModel, call: { keys: string[]; values?: Record<string, unknown> }): Promise<string | undefined> {
  const keys = action.rows === 'none' ? {} : { [action.param]: call.keys.join(',') };
  const url = actionUrl(model, action);
  const body = await thenRefreshOptions(
    model,
    requestRaw<{ msg?: unknown }>(call.values ? { method: 'POST', url, data: formBody(action, keys, call.values) } : { method: 'POST', url, params: keys }),
  );
  return typeof body.msg === 'string' && body.msg !== '' ? body.msg : undefined;
}

/** An action with `preview`: the same call with `preview=true`, answering the text its hook previews (writes nothing). */
export async function previewSchemaAction(model: EntityModel, action: ActionModel, keys: string[]): Promise<string> {
  const body = await requestRaw<{ data?: { preview?: unknown } }>({ method: 'POST', url: actionUrl(model, action), params: { [action.param]: keys.join(','), preview: 'true' } });
  return typeof body.data?.preview === 'string' ? body.data.preview : '';
}

/**
 * An action form's file field: the file as multipart (part named after the field), the keys
 * in the query (a route kind's module route reads both); answers the envelope's data.
 */
export async function uploadSchemaAction(model: EntityModel, action: ActionModel, call: { keys: string[]; field: string; file: File }): Promise<Record<string, unknown>> {
  const form = new FormData();
  form.append(call.field, call.file);
  const params = action.rows === 'none' ? {} : { [action.param]: call.keys.join(',') };
  const body = await thenRefreshOptions(model, requestRaw<{ data?: unknown }>({ method: 'POST', url: actionUrl(model, action), params, form }));
  return (body.data ?? {}) as Record<string, unknown>;
}
