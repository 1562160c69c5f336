import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROJECT_ROOT } from '../../project-root.js';

/** Where an error was thrown: BladeX's file_name and line_number. */
export interface StackLocation {
  fileName: string;
  lineNumber: number | null;
}

/** `at fn (file:line:col)`, `at file:line:col` (V8) and `fn@file:line:col` (browsers). */
const FRAME = /(?:^\s*at (?:.*? \()?|@)(.+?):(\d+):\d+\)?\s*$/;


function frames(stack: string): { file: string; line: number }[] {
  const out: { file: string; line: number }[] = [];
  for (const text of stack.split('\n')) {
    const m = FRAME.exec(text);
    if (m) out.push({ file: m[1], line: Number(m[2]) });
  }
  return out;
}

const isOwnCode = (file: string) => !file.includes('node_modules') && !file.startsWith('node:') && !file.startsWith('internal/');

/** Server paths relative to the project; URLs (client stacks) as they are. */
function displayName(file: string): string {
  const path = file.startsWith('file://') ? fileURLToPath(file) : file;
  return path.startsWith(PROJECT_ROOT) ? relative(PROJECT_ROOT, path) : path;
}

/** The first frame in our own code (else the first frame at all) of a stack trace. */
export function stackLocation(stack: string | undefined): StackLocation {
  const all = frames(stack ?? '');
  const frame = all.find((f) => isOwnCode(f.file)) ?? all[0];
  return frame ? { fileName: displayName(frame.file), lineNumber: frame.line } : { fileName: '', lineNumber: null };
}
