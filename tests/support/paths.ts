import { fileURLToPath } from 'node:url';

/** A path inside the project, whatever the test runner's working directory. */
export function projectPath(relative: string): string {
  return fileURLToPath(new URL(`../../${relative}`, import.meta.url));
}
