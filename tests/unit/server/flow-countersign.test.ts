import { describe, expect, it } from 'vitest';
import { countersignOutcome, countersignUsers } from '../../../src/server/modules/flow/countersign.js';
import { userIdOf } from '../../../src/server/modules/flow/processes.js';

const ALL = '${nrOfCompletedInstances == nrOfInstances}';
const ANY = '${nrOfApproved >= 1}';
const RATIO = '${nrOfApproved / nrOfInstances >= 0.6}';

const outcome = (condition: string | undefined, approved: number, rejected: number, instances = 3) =>
  countersignOutcome({ condition, counts: { instances, approved, rejected }, variables: {} });

describe('会签: when the outcome is decided', () => {
  it('all: passes when every one approved, fails at the first rejection', () => {
    expect(outcome(ALL, 1, 0)).toBeUndefined();
    expect(outcome(ALL, 2, 0)).toBeUndefined();
    expect(outcome(ALL, 3, 0)).toBe(true);
    expect(outcome(ALL, 1, 1)).toBe(false);
    expect(outcome(ALL, 2, 1)).toBe(false);
    expect(outcome(undefined, 2, 1)).toBe(false); // no condition: all
    expect(outcome(undefined, 3, 0)).toBe(true);
  });

  it('any: the first approval passes, all rejecting fails', () => {
    expect(outcome(ANY, 1, 0)).toBe(true);
    expect(outcome(ANY, 0, 2)).toBeUndefined();
    expect(outcome(ANY, 0, 3)).toBe(false);
  });

  it('a ratio: decided as soon as it is reached or out of reach', () => {
    expect(outcome(RATIO, 1, 0)).toBeUndefined();
    expect(outcome(RATIO, 2, 0)).toBe(true);
    expect(outcome(RATIO, 1, 1)).toBeUndefined();
    expect(outcome(RATIO, 0, 2)).toBe(false);
    expect(outcome(RATIO, 2, 1)).toBe(true);
    expect(outcome(RATIO, 3, 0, 5)).toBe(true);
    expect(outcome(RATIO, 2, 2, 5)).toBeUndefined(); // the last approving makes 3 of 5
    expect(outcome(RATIO, 1, 3, 5)).toBe(false);
  });

  it('sees the process variables beside the counts', () => {
    const condition = '${nrOfApproved >= needed}';
    expect(countersignOutcome({ condition, counts: { instances: 3, approved: 2, rejected: 0 }, variables: { needed: 2 } })).toBe(true);
    expect(countersignOutcome({ condition, counts: { instances: 3, approved: 2, rejected: 0 }, variables: { needed: 3 } })).toBeUndefined();
  });
});

describe('会签: who signs', () => {
  const multiInstance = { collection: 'approverList', elementVariable: 'approver', sequential: false as const };
  it('takes an array or ids separated by commas (taskUser_<id> too), each user once, in order', () => {
    expect(countersignUsers({ task: 's', multiInstance, variables: { approverList: ['3', 'taskUser_1', '3'] }, userIdOf })).toEqual(['3', '1']);
    expect(countersignUsers({ task: 's', multiInstance, variables: { approverList: ' 2, taskUser_5 ,x' }, userIdOf })).toEqual(['2', '5']);
  });
  it('refuses a collection with nobody in it', () => {
    expect(() => countersignUsers({ task: 's', multiInstance, variables: { approverList: '' }, userIdOf })).toThrow();
    expect(() => countersignUsers({ task: 's', multiInstance, variables: {}, userIdOf })).toThrow();
  });
});
