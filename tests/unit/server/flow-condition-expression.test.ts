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

  it('computes with numbers: the 会签 ratio and the other arithmetic JUEL has', () => {
    const counts = { nrOfApproved: 2, nrOfInstances: 3 };
    expect(conditionHolds('${nrOfApproved / nrOfInstances >= 0.6}', counts)).toBe(true);
    expect(conditionHolds('${nrOfApproved / nrOfInstances >= 0.7}', counts)).toBe(false);
    expect(conditionHolds('${nrOfApproved * 10 >= nrOfInstances * 6}', counts)).toBe(true);
    expect(evaluateExpression('${1 + 2 * 3 - -1}', {})).toBe(8);
    expect(evaluateExpression('${(1 + 2) * 3}', {})).toBe(9);
    expect(evaluateExpression('${7 mod 4 + 8 div 2}', {})).toBe(7);
    // No value from text, nothing or a division by zero: the comparison is false, never an exception.
    expect(evaluateExpression('${days / 0}', vars)).toBeUndefined();
    expect(conditionHolds('${name * 2 > 1}', vars)).toBe(false);
    expect(conditionHolds('${missing / 2 >= 0}', vars)).toBe(false);
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
