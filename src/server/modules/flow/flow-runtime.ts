import { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import { Engine } from 'bpmn-engine';
import { evaluateExpression, expressionBody } from './condition-expression.js';

const camunda = createRequire(import.meta.url)('camunda-bpmn-moddle/resources/camunda.json');

/** A user task the engine waits on. */
export interface WaitingTask {
  activityId: string;
  executionId: string;
}

/** Where a step left the process: its serialized state and what it waits on now. */
export interface StepResult {
  state: string;
  waiting: WaitingTask[];
  ended: boolean;
  /** End events reached by this step. */
  endEvents: string[];
  variables: Record<string, unknown>;
}

export class FlowRunError extends Error {}

/* Conditions and `${name}` texts go through our own evaluator; anything else stays text. */
const expressions = {
  resolveExpression(text: unknown, context: { environment?: { variables?: Record<string, unknown> } }) {
    if (typeof text !== 'string' || expressionBody(text) === undefined) return text;
    try {
      return evaluateExpression(text, context.environment?.variables ?? {});
    } catch {
      return undefined;
    }
  },
  isExpression: (text: unknown) => typeof text === 'string' && expressionBody(text) !== undefined,
  hasExpression: (text: unknown) => typeof text === 'string' && text.includes('${'),
};

/* No script ever runs: the deploy check refuses them, and this registry has none to give. */
const scripts = { register: () => undefined, getScript: () => undefined };

/* A completed user task's output becomes process variables, so gateways see `pass`. */
const extensions = {
  taskOutputToVariables(activity: any, context: any) {
    if (activity.type !== 'bpmn:UserTask') return;
    activity.on('end', (api: any) => {
      const output = api.content?.output;
      if (output && typeof output === 'object' && !Array.isArray(output)) Object.assign(context.environment.variables, output);
    });
  },
};

function engineOptions(listener: EventEmitter): any {
  return { name: 'flow', moddleOptions: { camunda }, expressions, scripts, extensions, listener, settings: { enableDummyService: false } };
}

async function settle(engine: any, execution: any, listener: EventEmitter, endEvents: string[]): Promise<StepResult> {
  void listener;
  const failure: Error | undefined = engine.__failure;
  if (failure) throw new FlowRunError(failure.message);
  const waiting: WaitingTask[] = execution.getPostponed()
    .filter((api: any) => api.type === 'bpmn:UserTask')
    .map((api: any) => ({ activityId: api.id, executionId: api.executionId ?? api.content?.executionId }));
  const others = execution.getPostponed().filter((api: any) => api.type !== 'bpmn:UserTask' && api.type !== 'bpmn:Process');
  if (others.length) throw new FlowRunError(`waits on ${others.map((a: any) => a.id).join(', ')}`);
  const full = await engine.getState();
  // The definition's parse is not stored with every step: it comes back from the deployed XML.
  for (const def of full.definitions ?? []) delete def.source;
  const state = JSON.stringify(full);
  return { state, waiting, ended: waiting.length === 0, endEvents, variables: { ...(execution.definitions?.[0]?.environment?.variables ?? execution.environment?.variables ?? {}) } };
}

function watch(engine: any, listener: EventEmitter): string[] {
  const endEvents: string[] = [];
  listener.on('activity.end', (api: any) => { if (api.type === 'bpmn:EndEvent') endEvents.push(api.id); });
  engine.once('error', (error: Error) => { engine.__failure = error; });
  return endEvents;
}

/* Parsed definitions by their id: a deployed definition never changes, so its parse is reused. */
const parsed = new Map<string, Promise<unknown>>();
const PARSED_MAX = 200;

function sourceContextOf(cacheKey: string, xml: string): Promise<unknown> {
  let context = parsed.get(cacheKey);
  if (!context) {
    if (parsed.size >= PARSED_MAX) parsed.delete(parsed.keys().next().value!);
    context = (new Engine(engineOptions(new EventEmitter())) as any)._serializeSource(xml) as Promise<unknown>;
    context.catch(() => parsed.delete(cacheKey));
    parsed.set(cacheKey, context);
  }
  return context;
}

/** Starts a process from checked XML (parsed once per `cacheKey`) with the given variables; runs to the first waits. */
export async function startProcess(xml: string, variables: Record<string, unknown>, cacheKey?: string): Promise<StepResult> {
  const listener = new EventEmitter();
  const source = cacheKey ? { sourceContext: await sourceContextOf(cacheKey, xml) } : { source: xml };
  const engine: any = new Engine({ ...engineOptions(listener), ...source });
  const endEvents = watch(engine, listener);
  let execution;
  try {
    execution = await engine.execute({ listener, variables });
  } catch (error) {
    throw new FlowRunError((error as Error).message);
  }
  return settle(engine, execution, listener, endEvents);
}

/** Resumes a saved state of the definition (`cacheKey`, `xml`) and completes one waiting user task with its output. */
export async function completeTask(state: string, executionId: string, activityId: string, output: Record<string, unknown>, definition: { cacheKey: string; xml: string }): Promise<StepResult> {
  const listener = new EventEmitter();
  const sourceContext = await sourceContextOf(definition.cacheKey, definition.xml);
  const engine: any = new Engine({ ...engineOptions(listener), sourceContext }).recover(JSON.parse(state));
  const endEvents = watch(engine, listener);
  let execution;
  try {
    execution = await engine.resume({ listener });
  } catch (error) {
    throw new FlowRunError((error as Error).message);
  }
  const postponed = execution.getPostponed();
  const api = postponed.find((a: any) => (a.executionId ?? a.content?.executionId) === executionId) ?? postponed.find((a: any) => a.id === activityId);
  if (!api) throw new FlowRunError(`the process does not wait on ${activityId}`);
  api.signal(output);
  return settle(engine, execution, listener, endEvents);
}
