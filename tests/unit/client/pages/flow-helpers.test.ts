import { describe, expect, it } from 'vitest';
import { instanceMarkers } from '../../../../src/client/pages/flow/bpmn/instance-markers';
import { deployChoiceProblem, deployParams } from '../../../../src/client/pages/flow/shared/DeployFields';
import { leaveDays } from '../../../../src/client/pages/work/leave/leave-days';
import { layoutPathOf } from '../../../../src/client/routes/layout-page-paths';

describe('leave days', () => {
  it('counts every started day and nothing until the end is after the start', () => {
    expect(leaveDays('2031-02-03 09:00:00', '2031-02-03 18:00:00')).toBe(1);
    expect(leaveDays('2031-02-03 09:00:00', '2031-02-05 09:00:00')).toBe(2);
    expect(leaveDays('2031-02-03 09:00:00', '2031-02-07 09:00:01')).toBe(5);
    expect(leaveDays('2031-02-03 09:00:00', '2031-02-03 09:00:00')).toBeUndefined();
    expect(leaveDays('2031-02-03 09:00:00', '')).toBeUndefined();
  });
});

describe('diagram markers of an instance', () => {
  it("prefer the server's active/finished ids, else read the history (no end time = running)", () => {
    const history = [
      { historyActivityId: 'start', endTime: '2031-01-01 00:00:00' },
      { historyActivityId: 'approve', endTime: '2031-01-01 00:01:00' },
      { historyActivityId: 'hr' },
    ];
    expect(instanceMarkers({ xml: '' }, history)).toEqual({ current: ['hr'], done: ['start', 'approve'] });
    expect(instanceMarkers({ xml: '', activeActivityIds: ['boss'], finishedActivityIds: ['start', 'gw'] }, history)).toEqual({
      current: ['boss'],
      done: ['start', 'gw'],
    });
  });
});

describe('deployment choice', () => {
  it('asks for a category, and for tenants in mode 2; sends flow_<key> and no tenants for a shared process', () => {
    expect(deployChoiceProblem({ category: '', mode: '1', tenantIds: [] })).toBe('chooseCategory');
    expect(deployChoiceProblem({ category: '1', mode: '2', tenantIds: [] })).toBe('chooseTenant');
    expect(deployParams({ category: '1', mode: '1', tenantIds: ['000000'] })).toEqual({ category: 'flow_1', tenantIds: '' });
    expect(deployParams({ category: '2', mode: '2', tenantIds: ['a', 'b'] })).toEqual({ category: 'flow_2', tenantIds: 'a,b' });
  });
});

describe('leave routes', () => {
  it('bind the spec paths with their parameters to the leave screens', () => {
    expect(layoutPathOf('/work/process/leave/form/Leave:1:9')).toBe('/work/process/leave/form/:processDefinitionId');
    expect(layoutPathOf('/work/process/leave/handle/1/2/3')).toBe('/work/process/leave/handle/:taskId/:processInstanceId/:businessId');
    expect(layoutPathOf('/work/process/leave/detail/2/3')).toBe('/work/process/leave/detail/:processInstanceId/:businessId');
    expect(layoutPathOf('/work/process/leave/other/1')).toBeUndefined();
  });
});
