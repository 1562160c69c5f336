import { BpmnRefusal, label, localName, type ModdleElement } from './bpmn-refusal.js';

/** Flowable's form property types (`flowable:formProperty type`, default `string`). */
export type FormPropertyType = 'string' | 'long' | 'double' | 'boolean' | 'date' | 'enum';

/**
 * A process variable a user task lets its assignee set on complete-task, declared on the
 * task as Flowable does: `<extensionElements><flowable:formProperty id="pass" type="boolean"/>`
 * (any prefix: flowable:, activiti:, camunda:).
 */
export interface FormPropertyMeta {
  /** The key of complete-task's `variables`. */
  id: string;
  /** The process variable it writes (Flowable's `variable`; default: the id). */
  variable: string;
  type: FormPropertyType;
  /** `required="true"`: a complete without it is refused. Default false. */
  required: boolean;
  /** `writable="false"`: shown, never set. Default true. */
  writable: boolean;
  /** `enum`: the value ids allowed (`<flowable:value id="…"/>`). */
  values?: string[];
}

const TYPES = new Set<FormPropertyType>(['string', 'long', 'double', 'boolean', 'date', 'enum']);

/* `expression` and `default` are expressions Flowable evaluates (beans, methods): code, refused like an expression assignee. */
const ATTRIBUTES = new Set(['id', 'name', 'type', 'required', 'readable', 'writable', 'variable', 'datePattern']);

/** The variable `pass` is set from complete-task's `flag` (BladeFlow): a task may declare it, as a boolean only. */
export const PASS_VARIABLE = 'pass';

/** A name a process variable may have: letters, digits and _, and none an object already answers (`__proto__`, `constructor`, `toString`…). */
export function isVariableName(name: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(name) && !(name in Object.prototype);
}

/** Every attribute by its local name, in an object with no prototype (an attribute `__proto__` is one more unknown name). */
function attributesOf(el: ModdleElement): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  for (const [key, value] of Object.entries(el)) if (!key.startsWith('$') && typeof value === 'string') out[localName(key)] = value;
  for (const [key, value] of Object.entries(el.$attrs ?? {})) if (!key.startsWith('xmlns')) out[localName(key)] = value;
  return out;
}

function enumValues(owner: string, el: ModdleElement): string[] {
  const children = [...(Array.isArray(el.values) ? el.values as ModdleElement[] : []), ...(el.$children ?? [])].filter((c) => localName(c.$type).toLowerCase() === 'value');
  const ids = children.map((c) => String(c.id ?? ''));
  if (!ids.length || ids.some((id) => !id || id.length > 255)) throw new BpmnRefusal('bpmnFormProperty', `${owner}: enum values`);
  return ids;
}

function formProperty(task: ModdleElement, el: ModdleElement): FormPropertyMeta {
  const attrs = attributesOf(el);
  const id = attrs.id ?? '';
  const owner = `${label(task)} formProperty ${id.slice(0, 64)}`.trim();
  for (const name of Object.keys(attrs)) if (!ATTRIBUTES.has(name)) throw new BpmnRefusal('bpmnFormProperty', `${owner}: ${name}`);
  const variable = attrs.variable || id;
  for (const name of [id, variable]) if (!isVariableName(name)) throw new BpmnRefusal('bpmnFormProperty', `${owner}: name "${name.slice(0, 64)}"`);
  const flag = (name: string, fallback: boolean): boolean => {
    const value = attrs[name];
    if (value === undefined || value === '') return fallback;
    if (value === 'true' || value === 'false') return value === 'true';
    throw new BpmnRefusal('bpmnFormProperty', `${owner}: ${name}="${value.slice(0, 40)}"`);
  };
  const type = (attrs.type || 'string') as FormPropertyType;
  if (!TYPES.has(type)) throw new BpmnRefusal('bpmnFormProperty', `${owner}: type ${type.slice(0, 40)}`);
  if ((id === PASS_VARIABLE || variable === PASS_VARIABLE) && type !== 'boolean') throw new BpmnRefusal('bpmnFormProperty', `${owner}: pass is a boolean`);
  return {
    id, variable, type, required: flag('required', false), writable: flag('writable', true),
    ...(type === 'enum' ? { values: enumValues(owner, el) } : {}),
  };
}

/** The form properties declared on a task (or start event), checked: plain names, known types, no expressions, none twice. */
export function formPropertiesOf(task: ModdleElement): FormPropertyMeta[] {
  const extensions = ((task.extensionElements as ModdleElement | undefined)?.values as ModdleElement[] | undefined) ?? [];
  const declared = extensions.filter((e) => localName(e.$type).toLowerCase() === 'formproperty').map((e) => formProperty(task, e));
  for (const [i, p] of declared.entries()) {
    if (declared.findIndex((q) => q.id === p.id || q.variable === p.variable) !== i) throw new BpmnRefusal('bpmnFormProperty', `${label(task)} formProperty ${p.id}: declared twice`);
  }
  return declared;
}
