import { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import { Engine } from 'bpmn-engine';
import { evaluateExpression, expressionBody } from './condition-expression.js';
import { makeRoom } from '../../../shared/make-room.js';
import { DurableTimers, type ArmedTimer } from './flow-timers.js';

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
  /** Waits this step began (the others were waiting before it). */
  fresh: WaitingTask[];
  ended: boolean;
  /** End events reached by this step. */
  endEvents: string[];
  variables: Record<string, unknown>;
  /** Timer boundary events armed now (flow-timers.ts). */
  timers: ArmedTimer[];
  /** The engine, still waiting, for the next step on this process (see LiveEngines); absent once ended. */
  running?: Running;
}

/** An engine and its execution between two steps. */
export interface Running { engine: any; execution: any; listener: EventEmitter }

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

/*
 * A completed user task's output becomes process variables, so gateways see `pass`. A timer
 * already due when its task starts is made due a moment later: bpmn-elements completes a timer
 * whose timeout is not positive at once, inside the start's run and before its task waits, and
 * the run stalls on the timer's flow; a moment later it is armed, stored, and fired by the poller.
 */
const extensions = {
  timersDueLater(activity: any) {
    for (const definition of activity.eventDefinitions ?? []) {
      if (definition?.type !== 'bpmn:TimerEventDefinition' || typeof definition.parse !== 'function') continue;
      const parse = definition.parse.bind(definition);
      definition.parse = (type: string, text: string) => {
        const parsed = parse(type, text);
        if (parsed?.expireAt?.getTime && parsed.expireAt.getTime() <= Date.now()) parsed.expireAt = new Date(Date.now() + 1);
        return parsed;
      };
    }
  },
  taskOutputToVariables(activity: any, context: any) {
    if (activity.type !== 'bpmn:UserTask') return;
    activity.on('end', (api: any) => {
      const output = api.content?.output;
      if (output && typeof output === 'object' && !Array.isArray(output)) Object.assign(context.environment.variables, output);
    });
  },
};

/* The engine's default logger builds `debug` loggers (a tty probe each) for every element of every run; nothing reads them. */
const quiet = () => undefined;
const Logger = () => ({ debug: quiet, error: quiet, warn: quiet });

/* disableTrackState: the stored state holds only the elements that are running (≈ 5 KB instead of 7 for the leave process); idle ones start afresh on recover. */
function engineOptions(listener: EventEmitter): any {
  return { name: 'flow', moddleOptions: { camunda }, expressions, scripts, extensions, listener, Logger, timers: new DurableTimers(), settings: { enableDummyService: false, disableTrackState: true } };
}

function userWaits(execution: any): WaitingTask[] {
  return execution.getPostponed()
    .filter((api: any) => api.type === 'bpmn:UserTask')
    .map((api: any) => ({ activityId: api.id, executionId: api.executionId ?? api.content?.executionId }));
}

/**
 * A converging parallel gateway waiting for its other branches: the engine holds each branch
 * that arrived as its taken sequence flow (postponed until the gateway starts, when all have).
 */
function joinWait(execution: any, api: any): boolean {
  if (api.type !== 'bpmn:SequenceFlow') return false;
  const target = execution.getActivityById?.(api.content?.targetId);
  return target?.type === 'bpmn:ParallelGateway';
}

/**
 * The variables as the process sees them: the definition's (what it started with) and the
 * process's own, where completed tasks' outputs go (`taskOutputToVariables`), so an assignee
 * `${x}` may name a variable an earlier task set, as a gateway may.
 */
function processVariables(execution: any): Record<string, unknown> {
  const definition = execution.definitions?.[0];
  const process = definition?.getProcesses?.()?.[0];
  return { ...(definition?.environment?.variables ?? execution.environment?.variables ?? {}), ...(process?.environment?.variables ?? {}) };
}

/** Runs `act` on the engine (it answers the execution and the waits before it acted); reads where it stopped: the waits, the end events reached, the state to store. */
async function step(run: { engine: any; listener: EventEmitter }, act: () => Promise<{ execution: any; before: WaitingTask[] }>): Promise<StepResult> {
  const endEvents: string[] = [];
  let failure: Error | undefined;
  const onEnd = (api: any) => { if (api.type === 'bpmn:EndEvent') endEvents.push(api.id); };
  const onError = (error: Error) => { failure = error; };
  run.listener.on('activity.end', onEnd);
  run.engine.on('error', onError);
  let acted;
  try {
    acted = await act();
  } catch (error) {
    throw error instanceof FlowRunError ? error : new FlowRunError((error as Error).message);
  } finally {
    run.listener.off('activity.end', onEnd);
    run.engine.off('error', onError);
  }
  if (failure) throw new FlowRunError(failure.message);
  const { execution, before } = acted;
  const waiting = userWaits(execution);
  const others = execution.getPostponed().filter((api: any) => api.type !== 'bpmn:UserTask' && api.type !== 'bpmn:Process' && api.type !== 'bpmn:BoundaryEvent');
  // Joins waiting for other branches are fine while a user task can still bring them; any other wait, or joins alone, cannot go on.
  if (others.some((api: any) => !joinWait(execution, api)) || (others.length && !waiting.length)) {
    throw new FlowRunError(`waits on ${others.map((a: any) => a.id).join(', ')}`);
  }
  const full = await run.engine.getState();
  // The definition's parse is not stored with every step: it comes back from the deployed XML.
  for (const def of full.definitions ?? []) delete def.source;
  const known = new Set(before.map((w) => w.executionId));
  const ended = waiting.length === 0;
  return {
    state: JSON.stringify(full), waiting, fresh: waiting.filter((w) => !known.has(w.executionId)), ended, endEvents,
    variables: processVariables(execution),
    timers: ended ? [] : (run.engine.environment.timers as DurableTimers).timers,
    running: ended ? undefined : { engine: run.engine, execution, listener: run.listener },
  };
}

/* Parsed definitions by their id: a deployed definition never changes, so its parse is reused. */
const parsed = new Map<string, Promise<unknown>>();
const PARSED_MAX = 200;

/**
 * A 会签 (multi-instance) user task is one wait for the engine: its iterations are task rows
 * of ours, counted and decided in countersign.ts, and the engine's task is completed once, with
 * the outcome as `pass`. bpmn-elements' own loop would give it no nrOf* counts, no arrays or
 * comma lists through our expressions, and no way to end on the first rejection.
 */
function withoutLoops(source: any): any {
  for (const activity of source.getActivities()) {
    if (activity.type === 'bpmn:UserTask' && activity.behaviour?.loopCharacteristics) delete activity.behaviour.loopCharacteristics;
  }
  return source;
}

function parseSource(xml: string): Promise<unknown> {
  return (new Engine(engineOptions(new EventEmitter())) as any)._serializeSource(xml).then((source: any) => {
    // A file whose <definitions> has no id (Flowable's modeler writes none) runs as 'Def', and recover finds its source by that id.
    if (!source.id) source.id = 'Def';
    return withoutLoops(source);
  });
}

function sourceContextOf(cacheKey: string, xml: string): Promise<unknown> {
  let context = parsed.get(cacheKey);
  if (!context) {
    makeRoom(parsed, PARSED_MAX);
    context = parseSource(xml).then((source: any) => {
      // The engine's getState writes the whole parse into every state (we drop it again): it never changes, so it is written once.
      const text = source.serialize();
      source.serialize = () => text;
      return source;
    }) as Promise<unknown>;
    context.catch(() => parsed.delete(cacheKey));
    parsed.set(cacheKey, context);
  }
  return context;
}

/** A process to start: checked XML (parsed once per `cacheKey`) and the variables it starts with. */
export interface ProcessStart { xml: string; variables: Record<string, unknown>; cacheKey?: string }

/** Starts a process; runs to the first waits. */
export async function startProcess({ xml, variables, cacheKey }: ProcessStart): Promise<StepResult> {
  const listener = new EventEmitter();
  const sourceContext = cacheKey ? await sourceContextOf(cacheKey, xml) : await parseSource(xml);
  const engine: any = new Engine({ ...engineOptions(listener), sourceContext });
  return step({ engine, listener }, async () => ({ execution: await engine.execute({ listener, variables }), before: [] }));
}

/** A waiting user task to complete with its output, in the process whose stored state is `state`. */
export interface TaskCompletion {
  state: string;
  task: WaitingTask;
  output: Record<string, unknown>;
  definition: { cacheKey: string; xml: string };
  /** An engine kept from the step that stored `state`; without it one is recovered from `state`. */
  running?: Running;
}

/** Completes one waiting user task with its output. */
export async function completeTask({ state, task, output, definition, running }: TaskCompletion): Promise<StepResult> {
  const { executionId, activityId } = task;
  const listener = running?.listener ?? new EventEmitter();
  const engine: any = running?.engine
    ?? new Engine({ ...engineOptions(listener), sourceContext: await sourceContextOf(definition.cacheKey, definition.xml) }).recover(JSON.parse(state));
  return step({ engine, listener }, async () => {
    const execution = running?.execution ?? await engine.resume({ listener });
    const before = userWaits(execution);
    const postponed = execution.getPostponed();
    const api = postponed.find((a: any) => (a.executionId ?? a.content?.executionId) === executionId) ?? postponed.find((a: any) => a.id === activityId);
    if (!api) throw new FlowRunError(`the process does not wait on ${activityId}`);
    api.signal(output);
    return { execution, before };
  });
}

/** A stored process to resume as it is (a due timer completes on resume); `before`: the user tasks open before. */
export interface ProcessResume { state: string; before: WaitingTask[]; definition: { cacheKey: string; xml: string } }

/** Recovers the engine from the stored state and resumes it: expired timers complete, and the process goes on to its next waits. */
export async function resumeProcess({ state, before, definition }: ProcessResume): Promise<StepResult> {
  const listener = new EventEmitter();
  const engine: any = new Engine({ ...engineOptions(listener), sourceContext: await sourceContextOf(definition.cacheKey, definition.xml) }).recover(JSON.parse(state));
  return step({ engine, listener }, async () => ({ execution: await engine.resume({ listener }), before }));
}

/** A jump: the stored process, the user tasks to leave (all that are open), the user task to wait on instead. */
export interface ProcessJump { state: string; leave: WaitingTask[]; to: string; definition: { cacheKey: string; xml: string } }

/**
 * Leaves the open user tasks and waits on `to` instead (驳回 to an earlier step, 撤回 by the
 * last handler). The target runs first, so the process never runs empty; the tasks left are
 * discarded with every activity's outbound flows muted for that moment: a discard that went on
 * would end the branch's end events, or (on a loop back) reach the running target and wait there.
 */
export async function jumpProcess({ state, leave, to, definition }: ProcessJump): Promise<StepResult> {
  const listener = new EventEmitter();
  const engine: any = new Engine({ ...engineOptions(listener), sourceContext: await sourceContextOf(definition.cacheKey, definition.xml) }).recover(JSON.parse(state));
  return step({ engine, listener }, async () => {
    const execution = await engine.resume({ listener });
    const before = userWaits(execution);
    const process = execution.definitions?.[0]?.getRunningProcesses?.()[0];
    const target = process?.getActivityById(to);
    if (!target || target.type !== 'bpmn:UserTask') throw new FlowRunError(`no user task ${to}`);
    const leaving = new Set(leave.map((w) => w.executionId));
    const apis = execution.getPostponed().filter((api: any) => api.type === 'bpmn:UserTask' && leaving.has(api.executionId ?? api.content?.executionId));
    target.run();
    const muted = muteOutbound(process.getActivities());
    try {
      for (const api of apis) api.discard();
    } finally {
      muted.restore();
    }
    return { execution, before };
  });
}

/** Empties every activity's outbound sequence flows (bpmn-elements keeps them under a symbol) until `restore`. */
function muteOutbound(activities: any[]): { restore: () => void } {
  const saved: [any, unknown][] = [];
  for (const activity of activities) {
    for (const symbol of Object.getOwnPropertySymbols(activity)) {
      const flows = activity[symbol];
      if (flows && Array.isArray(flows.outboundSequenceFlows)) {
        saved.push([flows, flows.outboundSequenceFlows]);
        flows.outboundSequenceFlows = [];
      }
    }
  }
  return { restore: () => { for (const [flows, list] of saved) flows.outboundSequenceFlows = list; } };
}
