import { describe, expect, it } from 'vitest';
import { conditionText, parseCondition } from '../../../src/client/pages/flow/bpmn/condition-text';
import { completionText, readCountersign } from '../../../src/client/pages/flow/bpmn/multi-instance';

describe('designer condition and 会签 texts', () => {
  it('writes a condition from variable / operator / value and reads it back', () => {
    expect(conditionText({ variable: 'days', operator: '>', value: '3' })).toBe('${days > 3}');
    expect(conditionText({ variable: 'pass', operator: 'true', value: '' })).toBe('${pass}');
    expect(conditionText({ variable: 'pass', operator: 'false', value: '' })).toBe('${!pass}');
    expect(conditionText({ variable: 'dept', operator: '==', value: 'hr' })).toBe("${dept == 'hr'}");
    expect(conditionText({ variable: 'days', operator: '>', value: '' })).toBe('');
    expect(parseCondition('${days > 3}')).toEqual({ variable: 'days', operator: '>', value: '3' });
    expect(parseCondition('${!pass}')).toEqual({ variable: 'pass', operator: 'false', value: '' });
    expect(parseCondition('${a && b}')).toBeUndefined();
  });

  it('writes the completion conditions the engine evaluates for all, any one and a ratio', () => {
    expect(completionText('all', 0.6)).toBe('${nrOfCompletedInstances == nrOfInstances}');
    expect(completionText('any', 0.6)).toBe('${nrOfApproved >= 1}');
    expect(completionText('ratio', 0.6)).toBe('${nrOfApproved / nrOfInstances >= 0.6}');
    expect(readCountersign('${nrOfApproved / nrOfInstances >= 0.75}', true)).toEqual({ mode: 'ratio', ratio: 0.75 });
    expect(readCountersign(undefined, false).mode).toBe('none');
  });
});
