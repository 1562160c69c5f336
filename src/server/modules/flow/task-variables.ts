import type { AppError } from '../../../shared/errors.js';
import type { UserTaskMeta } from './bpmn-check.js';
import { flowError, type FlowMessage } from './flow-messages.js';
import { PASS_VARIABLE, type FormPropertyMeta } from './form-properties.js';

export type VariableValue = string | number | boolean;

export interface TaskVariablesInput {
  task: Pick<UserTaskMeta, 'name' | 'formProperties'>;
  /** complete-task's `variables`, as the body holds it. */
  variables: unknown;
  /** The variables the instance's business row set at its start (leave: days, taskUser…): no task sets them. */
  businessFacts: readonly string[];
}

const MAX_TEXT = 1000;
/** A key is named in a message at most this long (a key can be as long as the body). */
const NAME_SHOWN = 64;
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])( ([01]\d|2[0-3]):[0-5]\d:[0-5]\d)?$/;

/* Every task takes `pass`, as a boolean, though complete-task's `flag` decides it (BladeFlow sets pass from flag; the console sends both). */
const IMPLICIT_PASS: FormPropertyMeta = { id: PASS_VARIABLE, variable: PASS_VARIABLE, type: 'boolean', required: false, writable: true };

/**
 * The process variables a complete-task body sets: only those the task declares (its form
 * properties, and `pass`), each of its declared type, none of the business facts. Anything
 * else is refused naming the variable; nothing is silently dropped, so a caller never
 * believes a value took effect that did not.
 */
export function taskVariables(input: TaskVariablesInput): Record<string, VariableValue> {
  const { variables } = input;
  const declared = input.task.formProperties ?? [];
  const out = new Map<string, VariableValue>();
  if (variables !== undefined && variables !== null) {
    if (typeof variables !== 'object' || Array.isArray(variables)) throw flowError('invalid', { name: 'variables' });
    for (const [key, value] of Object.entries(variables)) {
      const field = declared.find((p) => p.id === key) ?? (key === PASS_VARIABLE ? IMPLICIT_PASS : undefined);
      if (!field) throw undeclared(input, key);
      if (!field.writable) throw flowError('variableReadOnly', { name: key });
      if (input.businessFacts.includes(field.variable)) throw flowError('variableBusiness', { name: key });
      out.set(field.variable, typedValue({ field, value }));
    }
  }
  const missing = declared.find((p) => p.required && p.writable && p.variable !== PASS_VARIABLE && !out.has(p.variable));
  if (missing) throw flowError('variableRequired', { name: missing.id });
  return Object.fromEntries(out);
}

function undeclared(input: TaskVariablesInput, key: string): AppError {
  const declared = input.task.formProperties ?? [];
  const allowed = [PASS_VARIABLE, ...declared.filter((p) => p.writable && p.id !== PASS_VARIABLE && !input.businessFacts.includes(p.variable)).map((p) => p.id)];
  const name = key.length > NAME_SHOWN ? `${key.slice(0, NAME_SHOWN)}…` : key;
  return flowError('variableUndeclared', { task: input.task.name, name, allowed: allowed.join(', ') });
}

/** The value as its declared type stores it, or a refusal saying what the type wants. */
function typedValue({ field, value }: { field: FormPropertyMeta; value: unknown }): VariableValue {
  const refuse = (message: FlowMessage, params: Record<string, string | number> = {}) => flowError(message, { name: field.id, ...params });
  switch (field.type) {
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (value === 'true' || value === 'false') return value === 'true';
      throw refuse('variableBoolean');
    case 'long': {
      const n = typeof value === 'string' && /^-?\d{1,15}$/.test(value) ? Number(value) : value;
      if (typeof n === 'number' && Number.isSafeInteger(n)) return n;
      throw refuse('variableLong');
    }
    case 'double': {
      const n = typeof value === 'string' && /^-?\d{1,15}(\.\d{1,15})?$/.test(value) ? Number(value) : value;
      if (typeof n === 'number' && Number.isFinite(n)) return n;
      throw refuse('variableDouble');
    }
    case 'date':
      if (typeof value === 'string' && DATE.test(value)) return value;
      throw refuse('variableDate');
    case 'enum':
      if (typeof value === 'string' && field.values?.includes(value)) return value;
      throw refuse('variableEnum', { values: (field.values ?? []).join(', ') });
    default:
      if (typeof value === 'string' && value.length <= MAX_TEXT) return value;
      throw refuse('variableString', { max: MAX_TEXT });
  }
}
