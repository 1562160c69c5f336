import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every file below `dir` whose name matches `pattern` (default: `.ts`), recursively. */
export function sourceFiles(dir: string, pattern = /\.ts$/): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path, pattern);
    return pattern.test(name) ? [path] : [];
  });
}
