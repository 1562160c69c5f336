import { describe, expect, it } from 'vitest';
import { conditionHolds, evaluateExpression, parseCondition, variableName } from '../../../src/server/modules/flow/condition-expression.js';

describe('workflow conditions are comparisons on process variables, never code', () => {
  const vars = { pass: true, days: 5, name: 'hr', flag: 'ok', no: false };

  it('evaluates the comparisons BPMN files use', () => {
    expect(conditionHolds('${pass}', vars)).toBe(true);
    expect(conditionHolds('${!pass}', vars)).toBe(false);
    expect(conditionHolds('${days > 3}', vars)).toBe(true);
    expect(conditionHolds('${days <= 3}', vars)).toBe(false);
    expect(conditionHolds('${pass && days > 3}', vars)).toBe(true);
    expect(conditionHolds('${no || days == 5}', vars)).toBe(true);
    expect(conditionHolds("${flag == 'ok'}", vars)).toBe(true);
    expect(conditionHolds('${name != "boss" and not no}', vars)).toBe(true);
    expect(conditionHolds('${(days gt 3) && !(days ge 10)}', vars)).toBe(true);
    expect(conditionHolds('${missing > 3}', vars)).toBe(false);
  });

  it('refuses calls, member access, indexing and anything that is not one ${…}', () => {
    for (const text of ['${process.exit()}', '${exit()}', '${a[0]}', '${this.constructor}', 'pass', '${pass} ${days}', '${}', '${1 +}', '${`x`}', '${a = 1}']) {
      expect(() => parseCondition(text), text).toThrow();
    }
  });

  it('reads only own variables: prototype names are undefined', () => {
    expect(evaluateExpression('${constructor}', vars)).toBeUndefined();
    expect(evaluateExpression('${__proto__}', vars)).toBeUndefined();
    expect(conditionHolds('${toString}', vars)).toBe(false);
  });

  it('names the variable of an assignee expression', () => {
    expect(variableName('${taskUser}')).toBe('taskUser');
    expect(variableName('${a.b}')).toBeUndefined();
    expect(variableName('hr')).toBeUndefined();
  });
});
