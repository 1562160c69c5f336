/** camelCase field name → snake_case SQL column. */
export function snakeCase(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/-/g, '_').toLowerCase();
}

/** snake_case or kebab-case → camelCase. */
export function camelCase(name: string): string {
  return name.replace(/[_-]([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** A readable label from a field name when no translation exists: `paramKey` → `Param key`. */
export function humanize(name: string): string {
  const words = snakeCase(name).split('_').filter(Boolean);
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
