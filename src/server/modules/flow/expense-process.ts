/**
 * The seeded expense process (shared, category flow_2 报销流程) of the 报销 entity
 * (schemas/desk/expense.json, `x-flow`): a manager (role `manager`) claims and approves, then
 * above 5000 finance approves (role `boss` stands for finance among the seeded roles); any
 * rejection ends it as rejected. `amount` comes from the stored row at the start.
 */
export const EXPENSE_PROCESS_KEY = 'expense';
export const EXPENSE_CATEGORY = 'flow_2';

const APPROVAL_FORM = '<extensionElements><flowable:formProperty id="pass" name="同意" type="boolean" required="true"/></extensionElements>';
const flow = (id: string, from: string, to: string, condition?: string, name?: string) =>
  `    <sequenceFlow id="${id}"${name ? ` name="${name}"` : ''} sourceRef="${from}" targetRef="${to}">${condition ? `<conditionExpression xsi:type="tFormalExpression">\${${condition}}</conditionExpression>` : ''}</sequenceFlow>`;
const shape = (id: string, [x, y, w, h]: number[]) => `      <bpmndi:BPMNShape id="${id}_di" bpmnElement="${id}"><dc:Bounds x="${x}" y="${y}" width="${w}" height="${h}"/></bpmndi:BPMNShape>`;
const edge = (id: string, points: number[][]) => `      <bpmndi:BPMNEdge id="${id}_di" bpmnElement="${id}">${points.map(([x, y]) => `<di:waypoint x="${x}" y="${y}"/>`).join('')}</bpmndi:BPMNEdge>`;

export const EXPENSE_BPMN = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:flowable="http://flowable.org/bpmn" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"
  xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI"
  id="ExpenseDefinitions" targetNamespace="http://atrium/flow">
  <process id="${EXPENSE_PROCESS_KEY}" name="报销流程" isExecutable="true">
    <documentation>报销流程: 部门经理 → (超过5000) 财务</documentation>
    <startEvent id="start" name="开始"/>
    <userTask id="managerTask" name="部门经理审批" flowable:candidateGroups="manager">${APPROVAL_FORM}</userTask>
    <exclusiveGateway id="managerGateway" name="经理意见"/>
    <userTask id="financeTask" name="财务审批" flowable:candidateGroups="boss">${APPROVAL_FORM}</userTask>
    <exclusiveGateway id="financeGateway" name="财务意见"/>
    <endEvent id="approved" name="通过"/>
    <endEvent id="rejected" name="驳回"/>
${flow('toManager', 'start', 'managerTask')}
${flow('managerDone', 'managerTask', 'managerGateway')}
${flow('managerToFinance', 'managerGateway', 'financeTask', 'pass &amp;&amp; amount &gt; 5000', '超过5000')}
${flow('managerPass', 'managerGateway', 'approved', 'pass &amp;&amp; amount &lt;= 5000', '同意')}
${flow('managerReject', 'managerGateway', 'rejected', '!pass', '驳回')}
${flow('financeDone', 'financeTask', 'financeGateway')}
${flow('financePass', 'financeGateway', 'approved', 'pass', '同意')}
${flow('financeReject', 'financeGateway', 'rejected', '!pass', '驳回')}
  </process>
  <bpmndi:BPMNDiagram id="ExpenseDiagram">
    <bpmndi:BPMNPlane id="ExpensePlane" bpmnElement="${EXPENSE_PROCESS_KEY}">
${shape('start', [100, 182, 36, 36])}
${shape('managerTask', [180, 160, 100, 80])}
${shape('managerGateway', [330, 175, 50, 50])}
${shape('financeTask', [430, 160, 100, 80])}
${shape('financeGateway', [580, 175, 50, 50])}
${shape('approved', [680, 182, 36, 36])}
${shape('rejected', [587, 320, 36, 36])}
${edge('toManager', [[136, 200], [180, 200]])}
${edge('managerDone', [[280, 200], [330, 200]])}
${edge('managerToFinance', [[380, 200], [430, 200]])}
${edge('managerPass', [[355, 175], [355, 100], [698, 100], [698, 182]])}
${edge('managerReject', [[355, 225], [355, 338], [587, 338]])}
${edge('financeDone', [[530, 200], [580, 200]])}
${edge('financePass', [[630, 200], [680, 200]])}
${edge('financeReject', [[605, 225], [605, 320]])}
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</definitions>
`;
