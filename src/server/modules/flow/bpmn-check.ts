import { createRequire } from 'node:module';
import { BpmnModdle } from 'bpmn-moddle';
import { BpmnRefusal, label, localName, type ModdleElement } from './bpmn-refusal.js';
import { ExpressionError, expressionBody, parseCondition, variableName } from './condition-expression.js';
import { formPropertiesOf, type FormPropertyMeta } from './form-properties.js';

export { BpmnRefusal, type RefusalReason } from './bpmn-refusal.js';

const camunda = createRequire(import.meta.url)('camunda-bpmn-moddle/resources/camunda.json');

/** A user task as the runtime needs it: who does it. */
export interface UserTaskMeta {
  id: string;
  name: string;
  /** A literal user id (or `taskUser_<id>`), or `${variable}`. */
  assignee?: string;
  /** Role aliases, each literal or `${variable}`. */
  candidateGroups: string[];
  /** Users offered the task (`flowable:candidateUsers`), each a literal user id or `${variable}`. */
  candidateUsers?: string[];
  /** The variables its assignee may set (`flowable:formProperty`); absent in definitions deployed before they were read: none. */
  formProperties?: FormPropertyMeta[];
  /** 会签: one task per element of a collection variable (countersign.ts). */
  multiInstance?: MultiInstanceMeta;
}

/** A multi-instance user task: `${collection}` holds the users, each iteration sees its own as `elementVariable`. */
export interface MultiInstanceMeta {
  /** The process variable holding the users (an array, or ids separated by commas). */
  collection: string;
  elementVariable: string;
  /** `${…}` over nrOf* counts and process variables; absent: every instance must approve. */
  completionCondition?: string;
  /** `isSequential="true"`: one task at a time, in the collection's order (the next one opens when one is completed). */
  sequential: boolean;
}

/** What a checked BPMN file defines (one executable process). */
export interface ProcessMeta {
  key: string;
  name: string;
  description: string;
  userTasks: Record<string, UserTaskMeta>;
  /** Every flow node's name and type (history, diagrams). */
  nodes: Record<string, { name: string; type: string }>;
  /** The start event's `flowable:initiator`: the variable that holds the starter's user id. */
  initiator?: string;
  /** Extensions kept in the stored XML but not run (listeners, unknown elements and attributes), as `label: what`. */
  warnings?: string[];
}

const MAX_XML = 2 * 1024 * 1024;

/** Element types a process may contain: none runs code; user tasks are the only waits. */
const ALLOWED_TYPES = new Set([
  'bpmn:Definitions', 'bpmn:Process', 'bpmn:StartEvent', 'bpmn:EndEvent', 'bpmn:UserTask', 'bpmn:Task',
  'bpmn:ExclusiveGateway', 'bpmn:ParallelGateway', 'bpmn:InclusiveGateway', 'bpmn:SequenceFlow',
  'bpmn:FormalExpression', 'bpmn:Documentation', 'bpmn:ExtensionElements', 'bpmn:LaneSet', 'bpmn:Lane',
  'bpmn:TextAnnotation', 'bpmn:Association', 'bpmn:Group', 'bpmn:Category', 'bpmn:CategoryValue',
  'bpmn:TerminateEventDefinition', 'bpmn:Collaboration', 'bpmn:Participant',
  'bpmn:BoundaryEvent', 'bpmn:TimerEventDefinition', 'bpmn:Expression',
  'bpmndi:BPMNDiagram', 'bpmndi:BPMNPlane', 'bpmndi:BPMNShape', 'bpmndi:BPMNEdge', 'bpmndi:BPMNLabel',
  'bpmndi:BPMNLabelStyle', 'dc:Bounds', 'dc:Point', 'dc:Font',
  'camunda:Properties', 'camunda:Property', 'camunda:FormData', 'camunda:FormField', 'camunda:Value',
  'camunda:Validation', 'camunda:Constraint', 'camunda:FormProperty', 'bpmn:MultiInstanceLoopCharacteristics',
]);

/** What a multi-instance element's extension attributes may say (read into `MultiInstanceMeta`). */
const MULTI_INSTANCE_ATTRIBUTES = new Set(['collection', 'elementVariable']);

/** Extension attributes (camunda:/flowable:/activiti:, any prefix) that only describe. */
const ALLOWED_ATTRIBUTES = new Set([
  'assignee', 'candidateGroups', 'candidateUsers', 'formKey', 'initiator', 'priority', 'exclusive',
  'async', 'asyncBefore', 'asyncAfter', 'versionTag', 'historyTimeToLive', 'isStartableInTasklist',
  'candidateStarterGroups', 'candidateStarterUsers', 'jobPriority', 'taskPriority', 'category',
  'schemaLocation', 'type', 'id', 'name', 'label', 'defaultValue', 'value', 'color', 'stroke', 'fill',
  'background-color', 'border-color', 'typeLanguage', 'expressionLanguage', 'exporter', 'exporterVersion',
  'targetNamespace', 'modelVersion', 'executionPlatform', 'executionPlatformVersion',
]);

/** Unknown-namespace extension elements that only describe (Flowable modeler output). */
const ALLOWED_FOREIGN = /^(properties|property|formProperty|formData|formField|value|validation|constraint|initiator-can-complete|activiti-idm-[a-z-]+|flowable-idm-[a-z-]+)$/i;

/** Extension attributes that ask for code to run on a node the engine runs: refused, not kept (the element would not do what it says). */
const CODE_ATTRIBUTES = new Set(['class', 'delegateExpression', 'expression', 'resultVariable']);

function checkAttributes(el: ModdleElement, warnings: string[]): void {
  for (const key of Object.keys(el.$attrs ?? {})) {
    if (key.startsWith('xmlns')) continue;
    const name = localName(key);
    if (ALLOWED_ATTRIBUTES.has(name)) continue;
    if (el.$type === 'bpmn:MultiInstanceLoopCharacteristics' && MULTI_INSTANCE_ATTRIBUTES.has(name)) continue;
    if (CODE_ATTRIBUTES.has(name)) throw new BpmnRefusal('bpmnAttribute', `${label(el)} ${key}`);
    warnings.push(`${label(el)} ${key}`);
  }
}

function checkCondition(owner: ModdleElement, expression: ModdleElement): void {
  const language = (expression.language as string | undefined) ?? expression.$attrs?.language;
  if (language) throw new BpmnRefusal('bpmnScript', `${label(owner)} (${language})`);
  const body = String(expression.body ?? '').trim();
  try {
    parseCondition(body);
  } catch (error) {
    if (error instanceof ExpressionError) throw new BpmnRefusal('bpmnCondition', `${label(owner)} ${body.slice(0, 80)}: ${error.message}`);
    throw error;
  }
}

/** A literal (user id, role alias) or `${name}`; anything else is code. */
function checkPerson(owner: ModdleElement, text: string): string {
  const value = text.trim();
  if (expressionBody(value) !== undefined && !variableName(value)) throw new BpmnRefusal('bpmnAssignee', `${label(owner)} ${value.slice(0, 80)}`);
  if (expressionBody(value) === undefined && /[${}#()]/.test(value)) throw new BpmnRefusal('bpmnAssignee', `${label(owner)} ${value.slice(0, 80)}`);
  return value;
}

function extensionAttr(el: ModdleElement, name: string): string | undefined {
  const own = el[name];
  if (typeof own === 'string' && own) return own;
  for (const [key, value] of Object.entries(el.$attrs ?? {})) if (localName(key) === name && value) return value;
  return undefined;
}

function people(el: ModdleElement, text: string | undefined): string[] {
  return text ? text.split(',').map((g) => checkPerson(el, g)).filter(Boolean) : [];
}

function userTaskMeta(el: ModdleElement): UserTaskMeta {
  const assignee = extensionAttr(el, 'assignee');
  const candidateUsers = people(el, extensionAttr(el, 'candidateUsers'));
  const multiInstance = el.loopCharacteristics ? multiInstanceMeta(el, el.loopCharacteristics as ModdleElement) : undefined;
  // Each signer's task is theirs: an assignee other than the element variable would give every iteration to one person.
  if (multiInstance && assignee && variableName(assignee.trim()) !== multiInstance.elementVariable) {
    throw new BpmnRefusal('bpmnMultiInstance', `${label(el)} assignee ${assignee.slice(0, 80)} (\${${multiInstance.elementVariable}})`);
  }
  return {
    id: el.id!,
    name: el.name ?? el.id!,
    assignee: assignee ? checkPerson(el, assignee) : undefined,
    candidateGroups: people(el, extensionAttr(el, 'candidateGroups')),
    ...(candidateUsers.length ? { candidateUsers } : {}),
    formProperties: formPropertiesOf(el),
    ...(multiInstance ? { multiInstance } : {}),
  };
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/**
 * 会签 as Flowable writes it: parallel or sequential, over a collection variable (`${approverList}`
 * or `approverList`) with an element variable, and an optional completion condition.
 * Cardinalities, data inputs and anything else are refused: only this form runs (countersign.ts).
 */
function multiInstanceMeta(task: ModdleElement, loop: ModdleElement): MultiInstanceMeta {
  const refuse = (what: string) => new BpmnRefusal('bpmnMultiInstance', `${label(task)} ${what}`);
  if (loop.$type !== 'bpmn:MultiInstanceLoopCharacteristics') throw refuse(localName(loop.$type));
  if (loop.loopCardinality || loop.loopDataInputRef || loop.inputDataItem) throw refuse('loopCardinality / loopDataInput');
  const collectionText = (extensionAttr(loop, 'collection') ?? '').trim();
  const collection = variableName(collectionText) ?? (NAME.test(collectionText) ? collectionText : undefined);
  if (!collection) throw refuse(`collection ${collectionText.slice(0, 80) || '(none)'}`);
  const elementVariable = (extensionAttr(loop, 'elementVariable') ?? '').trim();
  if (!NAME.test(elementVariable)) throw refuse(`elementVariable ${elementVariable.slice(0, 80) || '(none)'}`);
  const condition = loop.completionCondition as ModdleElement | undefined;
  let completionCondition: string | undefined;
  if (condition) {
    checkCondition(task, condition);
    completionCondition = String(condition.body ?? '').trim() || undefined;
  }
  const sequential = loop.isSequential === true || String(loop.isSequential) === 'true';
  return { collection, elementVariable, ...(completionCondition ? { completionCondition } : {}), sequential };
}

/** Walks every element and value the parser produced, refusing what could run code; `visit` answers false to leave an element's children out. */
function walk(root: ModdleElement, visit: (el: ModdleElement) => boolean): void {
  const seen = new Set<unknown>();
  const walkFrom = (el: ModdleElement): void => {
    if (seen.has(el)) return;
    seen.add(el);
    if (!visit(el)) return;
    for (const [key, value] of Object.entries(el)) {
      if ((key.startsWith('$') && key !== '$children') || key === 'sourceRef' || key === 'targetRef' || key === 'bpmnElement' || key === 'default'
        || key === 'incoming' || key === 'outgoing' || key === 'attachedToRef' || key === 'flowNodeRef' || key === 'processRef') continue;
      for (const child of [value].flat()) {
        if (child && typeof child === 'object' && typeof (child as ModdleElement).$type === 'string') walkFrom(child as ModdleElement);
      }
    }
  };
  walkFrom(root);
}

/**
 * Listeners and other extension elements a Flowable file brings are kept in the stored XML
 * and named in the deploy's warnings, never run: the engine has no hook for them, and
 * running their expressions would run code. Script elements and BPMN nodes the engine
 * would have to run (service, script tasks…) are refused.
 */
function checkElement(el: ModdleElement, warnings: string[]): boolean {
  const type = el.$type;
  if (!ALLOWED_TYPES.has(type)) {
    const local = localName(type);
    if (/script/i.test(type)) throw new BpmnRefusal('bpmnScript', label(el));
    const foreign = !type.startsWith('bpmn:') && !type.startsWith('bpmndi:') && !type.startsWith('dc:') && !type.startsWith('di:');
    if (!foreign) throw new BpmnRefusal('bpmnElement', label(el));
    if (/listener/i.test(type) || !ALLOWED_FOREIGN.test(local)) {
      warnings.push(describeExtension(el));
      return false;
    }
  }
  checkAttributes(el, warnings);
  if (typeof el.script === 'string' || typeof el.scriptFormat === 'string') throw new BpmnRefusal('bpmnScript', label(el));
  if (type === 'bpmn:SequenceFlow' && el.conditionExpression) checkCondition(el, el.conditionExpression as ModdleElement);
  if ((type === 'bpmn:StartEvent' || type === 'bpmn:EndEvent') && Array.isArray(el.eventDefinitions)) {
    for (const def of el.eventDefinitions as ModdleElement[]) if (def.$type !== 'bpmn:TerminateEventDefinition' || type === 'bpmn:StartEvent') throw new BpmnRefusal('bpmnElement', `${label(el)} ${localName(def.$type)}`);
  }
  if (type === 'bpmn:BoundaryEvent') checkTimerBoundary(el);
  if (el.loopCharacteristics && type !== 'bpmn:UserTask') throw new BpmnRefusal('bpmnMultiInstance', `${label(el)}`);
  return true;
}

/** `executionListener (start, ${x.y()})`: what a kept extension is and says. */
function describeExtension(el: ModdleElement): string {
  const attrs = { ...(el.$attrs ?? {}), ...Object.fromEntries(Object.entries(el).filter(([k, v]) => !k.startsWith('$') && typeof v === 'string')) } as Record<string, string>;
  const said = ['event', 'expression', 'delegateExpression', 'class'].map((k) => attrs[k]).filter(Boolean).join(', ');
  return `${label(el)}${said ? ` (${said.slice(0, 120)})` : ''}`;
}

/** A boundary event is a timer on a user task (flow-timers.ts): one timeDuration or timeDate, no cycle. */
function checkTimerBoundary(el: ModdleElement): void {
  const defs = (el.eventDefinitions as ModdleElement[] | undefined) ?? [];
  const timer = defs[0];
  const attached = el.attachedToRef as ModdleElement | undefined;
  if (defs.length !== 1 || timer.$type !== 'bpmn:TimerEventDefinition' || attached?.$type !== 'bpmn:UserTask'
    || timer.timeCycle || (!timer.timeDuration === !timer.timeDate)) throw new BpmnRefusal('bpmnElement', `${label(el)} timer`);
  // An ISO 8601 duration (P…) or date, as text: no expression.
  const text = String(((timer.timeDuration ?? timer.timeDate) as ModdleElement).body ?? '').trim();
  if (!/^P[0-9YMWDTHS.]+$|^\d{4}-\d{2}-\d{2}[0-9T:.+Z-]*$/.test(text)) throw new BpmnRefusal('bpmnElement', `${label(el)} timer ${text.slice(0, 40)}`);
}

function rejectDoctype(xml: string): void {
  if (/<!DOCTYPE|<!ENTITY|<!\[CDATA\[[\s\S]*<!ENTITY|SYSTEM\s+["']/i.test(xml)) throw new BpmnRefusal('bpmnDoctype');
}

const moddle = new BpmnModdle({ camunda });

/** A deploy's check beyond the file's (a saved model may be a draft): every user task can reach someone. */
export function checkReceivable(meta: ProcessMeta): void {
  for (const task of Object.values(meta.userTasks)) {
    if (task.multiInstance) continue; // its collection names the users
    if (!task.assignee && !task.candidateGroups.length && !task.candidateUsers?.length) throw new BpmnRefusal('bpmnNobody', task.name);
  }
}

/** Parses and checks a BPMN 2.0 file: throws BpmnRefusal saying what is wrong. */
export async function checkBpmn(xml: string): Promise<ProcessMeta> {
  if (!xml || !xml.trim()) throw new BpmnRefusal('bpmnEmpty');
  if (xml.length > MAX_XML) throw new BpmnRefusal('bpmnTooLarge');
  rejectDoctype(xml);
  let root: ModdleElement;
  try {
    const parsed = await moddle.fromXML(xml.trim(), 'bpmn:Definitions');
    root = parsed.rootElement as unknown as ModdleElement;
  } catch (error) {
    throw new BpmnRefusal('bpmnUnreadable', (error as Error).message.split('\n')[0].slice(0, 160));
  }
  const warnings: string[] = [];
  walk(root, (el) => checkElement(el, warnings));
  const processes = ((root.rootElements as ModdleElement[] | undefined) ?? []).filter((e) => e.$type === 'bpmn:Process');
  const executable = processes.filter((p) => p.isExecutable !== false);
  if (executable.length === 0) throw new BpmnRefusal('bpmnNoProcess');
  if (executable.length > 1) throw new BpmnRefusal('bpmnManyProcesses');
  const process = executable[0];
  if (!process.id || !/^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/.test(process.id)) throw new BpmnRefusal('bpmnKey', String(process.id ?? ''));
  const nodes: ProcessMeta['nodes'] = {};
  const userTasks: ProcessMeta['userTasks'] = {};
  let starts = 0;
  let initiator: string | undefined;
  const collect = (container: ModdleElement) => {
    for (const el of (container.flowElements as ModdleElement[] | undefined) ?? []) {
      if (el.$type === 'bpmn:SequenceFlow' || !el.id) continue;
      nodes[el.id] = { name: el.name ?? '', type: localName(el.$type) };
      if (el.$type === 'bpmn:StartEvent') {
        starts++;
        initiator = extensionAttr(el, 'initiator');
        formPropertiesOf(el); // a start form's fields are checked as a task's are, though no start takes variables
      }
      if (el.$type === 'bpmn:UserTask') userTasks[el.id] = userTaskMeta(el);
    }
  };
  collect(process);
  if (starts !== 1) throw new BpmnRefusal('bpmnNoStart');
  const documentation = ((process.documentation as ModdleElement[] | undefined) ?? []).map((d) => String(d.text ?? '')).join('\n');
  if (initiator !== undefined && !/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(initiator)) throw new BpmnRefusal('bpmnAttribute', `startEvent initiator ${initiator.slice(0, 80)}`);
  return {
    key: process.id, name: process.name || process.id, description: documentation, userTasks, nodes,
    ...(initiator ? { initiator } : {}), ...(warnings.length ? { warnings: [...new Set(warnings)] } : {}),
  };
}
