/**
 * The only expressions a process may carry: `${…}` comparisons on process variables,
 * parsed and evaluated here without eval or node:vm (bpmn-engine would otherwise run
 * script conditions in node:vm, which is not a sandbox).
 *
 * Grammar: or := and (('||'|'or') and)* ; and := cmp (('&&'|'and') cmp)* ;
 * cmp := sum (op sum)? with op in == != > >= < <= (and eq ne gt ge lt le) ;
 * sum := product (('+'|'-') product)* ; product := unary (('*'|'/'|'%'|'div'|'mod') unary)* ;
 * unary := ('!'|'not') unary | '-' unary | '(' or ')' | number | 'text' | "text" | true | false | null | name
 * Arithmetic is on numbers only (会签: `${nrOfApproved / nrOfInstances >= 0.6}`); anything else, or a division by zero, is no value.
 * A name is a process variable (letters, digits, _; no dots, no calls).
 */

export type Value = string | number | boolean | null | undefined;
type Node =
  | { kind: 'lit'; value: Value }
  | { kind: 'var'; name: string }
  | { kind: 'not'; arg: Node }
  | { kind: 'neg'; arg: Node }
  | { kind: 'bin'; op: string; left: Node; right: Node };

export class ExpressionError extends Error {}

const WORD_OPS = new Map(Object.entries({ and: '&&', or: '||', not: '!', eq: '==', ne: '!=', gt: '>', ge: '>=', lt: '<', le: '<=', div: '/', mod: '%' }));
const TOKEN = /\s*(?:(\d+(?:\.\d+)?)|('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")|([A-Za-z_][A-Za-z0-9_]*)|(&&|\|\||==|!=|>=|<=|[!<>()+\-*/%]))/y;
const MAX_LENGTH = 500;

type Token = { type: 'num' | 'str' | 'name' | 'op'; text: string };

function tokenize(text: string): Token[] {
  const out: Token[] = [];
  TOKEN.lastIndex = 0;
  let at = 0;
  while (at < text.length) {
    if (/^\s*$/.test(text.slice(at))) break;
    TOKEN.lastIndex = at;
    const m = TOKEN.exec(text);
    if (!m) throw new ExpressionError(`unexpected "${text.slice(at).trim().slice(0, 20)}"`);
    at = TOKEN.lastIndex;
    if (m[1] !== undefined) out.push({ type: 'num', text: m[1] });
    else if (m[2] !== undefined) out.push({ type: 'str', text: m[2].slice(1, -1).replace(/\\(.)/g, '$1') });
    else if (m[3] !== undefined) out.push(WORD_OPS.has(m[3]) ? { type: 'op', text: WORD_OPS.get(m[3])! } : { type: 'name', text: m[3] });
    else out.push({ type: 'op', text: m[4] });
  }
  return out;
}

class Parser {
  private at = 0;
  constructor(private readonly tokens: Token[]) {}

  parse(): Node {
    const node = this.or();
    if (this.at < this.tokens.length) throw new ExpressionError(`unexpected "${this.tokens[this.at].text}"`);
    return node;
  }

  private peek(text: string): boolean {
    const t = this.tokens[this.at];
    return t?.type === 'op' && t.text === text;
  }

  private or(): Node {
    let left = this.and();
    while (this.peek('||')) { this.at++; left = { kind: 'bin', op: '||', left, right: this.and() }; }
    return left;
  }

  private and(): Node {
    let left = this.cmp();
    while (this.peek('&&')) { this.at++; left = { kind: 'bin', op: '&&', left, right: this.cmp() }; }
    return left;
  }

  private cmp(): Node {
    const left = this.sum();
    const t = this.tokens[this.at];
    if (t?.type === 'op' && ['==', '!=', '>', '>=', '<', '<='].includes(t.text)) {
      this.at++;
      return { kind: 'bin', op: t.text, left, right: this.sum() };
    }
    return left;
  }

  private sum(): Node {
    let left = this.product();
    while (this.peek('+') || this.peek('-')) { const op = this.tokens[this.at++].text; left = { kind: 'bin', op, left, right: this.product() }; }
    return left;
  }

  private product(): Node {
    let left = this.unary();
    while (this.peek('*') || this.peek('/') || this.peek('%')) { const op = this.tokens[this.at++].text; left = { kind: 'bin', op, left, right: this.unary() }; }
    return left;
  }

  private unary(): Node {
    const t = this.tokens[this.at++];
    if (!t) throw new ExpressionError('the expression ends too early');
    if (t.type === 'op' && t.text === '!') return { kind: 'not', arg: this.unary() };
    if (t.type === 'op' && t.text === '-') return { kind: 'neg', arg: this.unary() };
    if (t.type === 'op' && t.text === '(') {
      const inner = this.or();
      if (!this.peek(')')) throw new ExpressionError('missing ")"');
      this.at++;
      return inner;
    }
    if (t.type === 'num') return { kind: 'lit', value: Number(t.text) };
    if (t.type === 'str') return { kind: 'lit', value: t.text };
    if (t.type === 'name') {
      if (t.text === 'true' || t.text === 'false') return { kind: 'lit', value: t.text === 'true' };
      if (t.text === 'null') return { kind: 'lit', value: null };
      if (this.peek('(')) throw new ExpressionError(`calls are not allowed ("${t.text}(")`);
      return { kind: 'var', name: t.text };
    }
    throw new ExpressionError(`unexpected "${t.text}"`);
  }
}

/** The inside of a whole `${…}` (undefined when the text is not exactly one expression). */
export function expressionBody(text: string): string | undefined {
  const m = /^\s*\$\{([\s\S]*)\}\s*$/.exec(text);
  return m ? m[1] : undefined;
}

/** Parses a `${…}` condition; throws ExpressionError saying what is wrong. */
export function parseCondition(text: string): Node {
  if (text.length > MAX_LENGTH) throw new ExpressionError(`longer than ${MAX_LENGTH} characters`);
  const body = expressionBody(text);
  if (body === undefined) throw new ExpressionError('a condition must be one ${…} expression');
  if (!body.trim()) throw new ExpressionError('empty expression');
  return new Parser(tokenize(body)).parse();
}

function variable(vars: Record<string, unknown>, name: string): Value {
  if (!Object.prototype.hasOwnProperty.call(vars, name)) return undefined;
  const v = vars[name];
  return typeof v === 'object' && v !== null ? undefined : (v as Value);
}

function compare(op: string, [a, b]: [Value, Value]): boolean {
  if (op === '==') return a == b; // eslint-disable-line eqeqeq -- `${days == '3'}` compares as JUEL coerces
  if (op === '!=') return a != b; // eslint-disable-line eqeqeq
  if (a === undefined || a === null || b === undefined || b === null) return false;
  const x = typeof a === 'string' && typeof b === 'string' ? a : Number(a);
  const y = typeof a === 'string' && typeof b === 'string' ? b : Number(b);
  if (typeof x === 'number' && (Number.isNaN(x) || Number.isNaN(y as number))) return false;
  switch (op) {
    case '>': return x > y;
    case '>=': return x >= y;
    case '<': return x < y;
    default: return x <= y;
  }
}

const ARITHMETIC = new Set(['+', '-', '*', '/', '%']);

function numberOf(v: Value): number | undefined {
  if (v === undefined || v === null || typeof v === 'boolean' || (typeof v === 'string' && !v.trim())) return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
}

function arithmetic(op: string, [a, b]: [Value, Value]): Value {
  const x = numberOf(a);
  const y = numberOf(b);
  if (x === undefined || y === undefined) return undefined;
  const result = op === '+' ? x + y : op === '-' ? x - y : op === '*' ? x * y : op === '/' ? x / y : x % y;
  return Number.isFinite(result) ? result : undefined;
}

function evaluate(node: Node, vars: Record<string, unknown>): Value {
  switch (node.kind) {
    case 'lit': return node.value;
    case 'var': return variable(vars, node.name);
    case 'not': return !truthy(evaluate(node.arg, vars));
    case 'neg': return arithmetic('-', [0, evaluate(node.arg, vars)]);
    default:
      if (node.op === '&&') return truthy(evaluate(node.left, vars)) && truthy(evaluate(node.right, vars));
      if (node.op === '||') return truthy(evaluate(node.left, vars)) || truthy(evaluate(node.right, vars));
      if (ARITHMETIC.has(node.op)) return arithmetic(node.op, [evaluate(node.left, vars), evaluate(node.right, vars)]);
      return compare(node.op, [evaluate(node.left, vars), evaluate(node.right, vars)]);
  }
}

function truthy(v: Value): boolean {
  return v === 'true' ? true : v === 'false' ? false : Boolean(v);
}

/** Evaluates a `${…}` text against the process variables; a bare name answers the variable's value. */
export function evaluateExpression(text: string, vars: Record<string, unknown>): Value {
  const node = parseCondition(text);
  return node.kind === 'var' ? variable(vars, node.name) : evaluate(node, vars);
}

/** A condition's outcome: true or false, never an exception at run time (a bad one was refused on deploy). */
export function conditionHolds(text: string, vars: Record<string, unknown>): boolean {
  try {
    return truthy(evaluateExpression(text, vars));
  } catch {
    return false;
  }
}

/** The variable a `${name}` text names (assignee / candidate groups), else undefined. */
export function variableName(text: string): string | undefined {
  const body = expressionBody(text);
  return body !== undefined && /^\s*[A-Za-z_][A-Za-z0-9_]*\s*$/.test(body) ? body.trim() : undefined;
}
