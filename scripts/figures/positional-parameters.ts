/**
 * Functions that take more than two positional parameters (STYLE §3 wants one object past
 * two), read with the TypeScript compiler's parser: function declarations and expressions,
 * arrow functions, methods and constructors with a body (overload signatures and `.d.ts`
 * files are not code). A `this` parameter is not positional; a rest parameter counts once.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export interface WideFunction {
  file: string;
  line: number;
  name: string;
  parameters: number;
  /** An arrow or function expression passed straight to a call: its shape is the callee's (a Fastify hook, `reduce`). */
  isInlineCallback: boolean;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules') return [];
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mts)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function isCounted(node: ts.Node): node is ts.FunctionLikeDeclaration {
  const functionLike = ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node)
    || ts.isMethodDeclaration(node) || ts.isConstructorDeclaration(node);
  return functionLike && node.body !== undefined;
}

function positionalCount(node: ts.FunctionLikeDeclaration): number {
  return node.parameters.filter((p) => !(ts.isIdentifier(p.name) && p.name.text === 'this')).length;
}

function nameOf(node: ts.FunctionLikeDeclaration, source: ts.SourceFile): string {
  if (node.name) return node.name.getText(source);
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) return parent.name.getText(source);
  return '(anonymous)';
}

function wideFunctionsOf(file: string, root: string): WideFunction[] {
  const text = readFileSync(file, 'utf8');
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: WideFunction[] = [];
  const visit = (node: ts.Node): void => {
    if (isCounted(node) && positionalCount(node) > 2) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      const isInlineCallback = (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) && ts.isCallExpression(node.parent);
      found.push({ file: relative(root, file), line: line + 1, name: nameOf(node, source), parameters: positionalCount(node), isInlineCallback });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every function of the folders (paths relative to `root`) with more than two positional parameters. */
export function wideFunctions(root: string, folders: string[]): WideFunction[] {
  return folders.flatMap((folder) => sourceFiles(join(root, folder))).flatMap((file) => wideFunctionsOf(file, root));
}
