import { randomUUID } from 'node:crypto';

/** BladeX's object naming: `upload/<yyyyMMdd>/<uuid without dashes>[.<extension>]`. */
export function newObjectName(extension: string | undefined, now = new Date()): string {
  const day = now.toISOString().slice(0, 10).replace(/-/g, '');
  const id = randomUUID().replace(/-/g, '');
  return `upload/${day}/${id}${extension ? `.${extension}` : ''}`;
}
