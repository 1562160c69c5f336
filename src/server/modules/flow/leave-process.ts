/**
 * The seeded leave process (shared, category flow_1 请假流程): the approver chosen in the
 * form (`taskUser`), then HR (role `hr`) claims and approves, then when days > 3 the boss
 * (role `boss`); any rejection ends the process as rejected. Written as Flowable writes it
 * (`flowable:` attributes); each task declares the one variable its assignee sets, `pass`
 * (from complete-task's flag). `days` and `taskUser` come from the leave row at the start.
 */
export const LEAVE_PROCESS_KEY = 'Leave';
export const LEAVE_CATEGORY = 'flow_1';

const tasks = [
  { id: 'approverTask', name: '审批人审批', x: 180, attrs: 'flowable:assignee="${taskUser}"' },
  { id: 'hrTask', name: '人事审批', x: 430, attrs: 'flowable:candidateGroups="hr"' },
  { id: 'bossTask', name: '老板审批', x: 680, attrs: 'flowable:candidateGroups="boss"' },
];
const APPROVAL_FORM = '<extensionElements><flowable:formProperty id="pass" name="同意" type="boolean" required="true"/></extensionElements>';

export const LEAVE_BPMN = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:flowable="http://flowable.org/bpmn" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"
  xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI"
  id="LeaveDefinitions" targetNamespace="http://atrium/flow">
  <process id="${LEAVE_PROCESS_KEY}" name="请假流程" isExecutable="true">
    <documentation>请假流程: 审批人 → 人事 → (超过3天) 老板</documentation>
    <startEvent id="start" name="开始"/>
    <sequenceFlow id="toApprover" sourceRef="start" targetRef="approverTask"/>
${tasks.map((t) => `    <userTask id="${t.id}" name="${t.name}" ${t.attrs}>${APPROVAL_FORM}</userTask>`).join('\n')}
    <sequenceFlow id="approverDone" sourceRef="approverTask" targetRef="approverGateway"/>
    <exclusiveGateway id="approverGateway" name="审批人意见"/>
    <sequenceFlow id="approverPass" name="同意" sourceRef="approverGateway" targetRef="hrTask"><conditionExpression xsi:type="tFormalExpression">\${pass}</conditionExpression></sequenceFlow>
    <sequenceFlow id="approverReject" name="驳回" sourceRef="approverGateway" targetRef="rejected"><conditionExpression xsi:type="tFormalExpression">\${!pass}</conditionExpression></sequenceFlow>
    <sequenceFlow id="hrDone" sourceRef="hrTask" targetRef="hrGateway"/>
    <exclusiveGateway id="hrGateway" name="人事意见"/>
    <sequenceFlow id="hrToBoss" name="超过3天" sourceRef="hrGateway" targetRef="bossTask"><conditionExpression xsi:type="tFormalExpression">\${pass &amp;&amp; days &gt; 3}</conditionExpression></sequenceFlow>
    <sequenceFlow id="hrPass" name="同意" sourceRef="hrGateway" targetRef="approved"><conditionExpression xsi:type="tFormalExpression">\${pass &amp;&amp; days &lt;= 3}</conditionExpression></sequenceFlow>
    <sequenceFlow id="hrReject" name="驳回" sourceRef="hrGateway" targetRef="rejected"><conditionExpression xsi:type="tFormalExpression">\${!pass}</conditionExpression></sequenceFlow>
    <sequenceFlow id="bossDone" sourceRef="bossTask" targetRef="bossGateway"/>
    <exclusiveGateway id="bossGateway" name="老板意见"/>
    <sequenceFlow id="bossPass" name="同意" sourceRef="bossGateway" targetRef="approved"><conditionExpression xsi:type="tFormalExpression">\${pass}</conditionExpression></sequenceFlow>
    <sequenceFlow id="bossReject" name="驳回" sourceRef="bossGateway" targetRef="rejected"><conditionExpression xsi:type="tFormalExpression">\${!pass}</conditionExpression></sequenceFlow>
    <endEvent id="approved" name="通过"/>
    <endEvent id="rejected" name="驳回"/>
  </process>
  <bpmndi:BPMNDiagram id="LeaveDiagram">
    <bpmndi:BPMNPlane id="LeavePlane" bpmnElement="${LEAVE_PROCESS_KEY}">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="100" y="182" width="36" height="36"/></bpmndi:BPMNShape>
${tasks.map((t) => `      <bpmndi:BPMNShape id="${t.id}_di" bpmnElement="${t.id}"><dc:Bounds x="${t.x}" y="160" width="100" height="80"/></bpmndi:BPMNShape>`).join('\n')}
      <bpmndi:BPMNShape id="approverGateway_di" bpmnElement="approverGateway" isMarkerVisible="true"><dc:Bounds x="330" y="175" width="50" height="50"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="hrGateway_di" bpmnElement="hrGateway" isMarkerVisible="true"><dc:Bounds x="580" y="175" width="50" height="50"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="bossGateway_di" bpmnElement="bossGateway" isMarkerVisible="true"><dc:Bounds x="830" y="175" width="50" height="50"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="approved_di" bpmnElement="approved"><dc:Bounds x="930" y="182" width="36" height="36"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="rejected_di" bpmnElement="rejected"><dc:Bounds x="587" y="320" width="36" height="36"/></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="toApprover_di" bpmnElement="toApprover"><di:waypoint x="136" y="200"/><di:waypoint x="180" y="200"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="approverDone_di" bpmnElement="approverDone"><di:waypoint x="280" y="200"/><di:waypoint x="330" y="200"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="approverPass_di" bpmnElement="approverPass"><di:waypoint x="380" y="200"/><di:waypoint x="430" y="200"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="approverReject_di" bpmnElement="approverReject"><di:waypoint x="355" y="225"/><di:waypoint x="355" y="338"/><di:waypoint x="587" y="338"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="hrDone_di" bpmnElement="hrDone"><di:waypoint x="530" y="200"/><di:waypoint x="580" y="200"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="hrToBoss_di" bpmnElement="hrToBoss"><di:waypoint x="630" y="200"/><di:waypoint x="680" y="200"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="hrPass_di" bpmnElement="hrPass"><di:waypoint x="605" y="175"/><di:waypoint x="605" y="100"/><di:waypoint x="948" y="100"/><di:waypoint x="948" y="182"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="hrReject_di" bpmnElement="hrReject"><di:waypoint x="605" y="225"/><di:waypoint x="605" y="320"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="bossDone_di" bpmnElement="bossDone"><di:waypoint x="780" y="200"/><di:waypoint x="830" y="200"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="bossPass_di" bpmnElement="bossPass"><di:waypoint x="880" y="200"/><di:waypoint x="930" y="200"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="bossReject_di" bpmnElement="bossReject"><di:waypoint x="855" y="225"/><di:waypoint x="855" y="338"/><di:waypoint x="623" y="338"/></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</definitions>
`;
