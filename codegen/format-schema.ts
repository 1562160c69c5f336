type Json = unknown;

const WIDTH = 110;

function inline(value: Json): string {
  if (Array.isArray(value)) return value.length ? `[${value.map(inline).join(', ')}]` : '[]';
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    return entries.length ? `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${inline(v)}`).join(', ')} }` : '{}';
  }
  return JSON.stringify(value);
}

function format(value: Json, indent: string, lead: number): string {
  const flat = inline(value);
  if (indent === '' ? false : lead + flat.length <= WIDTH) return flat;
  if (!value || typeof value !== 'object' || flat === '[]' || flat === '{}') return flat;
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    return `[\n${value.map((v) => inner + format(v, inner, inner.length)).join(',\n')}\n${indent}]`;
  }
  const lines = Object.entries(value).map(([k, v]) => {
    const head = `${inner}${JSON.stringify(k)}: `;
    return head + format(v, inner, head.length);
  });
  return `{\n${lines.join(',\n')}\n${indent}}`;
}

/**
 * The one layout of schema files the generator writes: two-space indentation, and any
 * object or array that fits on its line (110 characters) kept on one line, as the
 * hand-written files do. A file is "formatted" when formatting it again changes nothing.
 */
export function formatSchema(schema: Json): string {
  return `${format(schema, '', 0)}\n`;
}
