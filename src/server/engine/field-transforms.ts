import { hash } from '@node-rs/argon2';
import sanitizeHtml from 'sanitize-html';
import type { EntityModel } from '../../shared/schema/entity-model.js';
import { isEmpty } from '../../shared/is-empty.js';
import type { EntityRecord } from './record-codec.js';

const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'span', 'u', 's', 'font'],
  allowedAttributes: {
    ...sanitizeHtml.defaults.allowedAttributes,
    a: [...(sanitizeHtml.defaults.allowedAttributes.a ?? []), 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    span: ['style'],
    p: ['style'],
    font: ['color'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'data'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedStyles: { '*': { color: [/^#?[\w(),.\s%]+$/], 'text-align': [/^(left|right|center|justify)$/] } },
};

/** Argon2id (the library's default algorithm) over what the client sends. */
export function hashPassword(plain: string): Promise<string> {
  return hash(plain);
}

/**
 * Writable values only: unknown keys and server-managed fields are dropped. An empty
 * object or array (empty by the spec's rule) becomes null, so no hook or query sees `{}`.
 */
export function writableValues(model: EntityModel, body: EntityRecord): EntityRecord {
  const out: EntityRecord = {};
  for (const field of model.fields) {
    if (field.readOnly || !(field.name in body)) continue;
    const value = body[field.name];
    if (Array.isArray(value) && field.options?.join !== undefined) out[field.name] = value.join(field.options.join);
    else out[field.name] = isEmpty(value) && typeof value === 'object' ? null : value;
  }
  return out;
}

/** The confirmations (`x-confirm`, e.g. password2) the body carries: checked, never stored. */
export function confirmationValues(model: EntityModel, body: EntityRecord): EntityRecord {
  const out: EntityRecord = {};
  for (const field of model.fields) if (field.confirm && field.confirm.field in body) out[field.confirm.field] = body[field.confirm.field];
  return out;
}

/**
 * After validation: empty non-text values become null, rich text is sanitized, secrets
 * hashed. An empty value of a base column the table declares NOT NULL with a default
 * (status) is dropped: an insert already has the default, an update keeps the stored value.
 */
export async function storedValues(model: EntityModel, values: EntityRecord): Promise<EntityRecord> {
  const out: EntityRecord = { ...values };
  for (const field of model.fields) {
    if (!(field.name in out)) continue;
    const value = out[field.name];
    if (isEmpty(value) && field.isBase && field.defaultValue !== undefined) delete out[field.name];
    else if (isEmpty(value) && field.type !== 'string') out[field.name] = null;
    else if (field.sanitize === 'html' && typeof value === 'string') out[field.name] = sanitizeHtml(value, RICH_TEXT);
    if (field.hashed) {
      if (isEmpty(value)) delete out[field.name];
      else out[field.name] = await hashPassword(String(value));
    }
  }
  return out;
}
