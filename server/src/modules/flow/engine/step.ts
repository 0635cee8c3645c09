import { EventEmitter } from 'node:events';
import { badRequest } from '../../../platform/http/errors.ts';
import { flowMessages as m } from '../messages.ts';
import type { ModdleContext, ModdleElement } from './bpmn.ts';
import { parseBpmn } from './bpmn.ts';
import { evaluateCondition, FlowExpressionError, type FlowVariables } from './expression.ts';

/** A deployed definition as the engine needs it: its id (the cache's key) and its XML. */
export interface EngineDefinition {
  id: string;
  xml: string;
}

/** A user task the process now waits at. */
export interface WaitingTask {
  elementId: string;
  executionId: string;
  name: string | null;
  assignee: string | null;
  candidateUsers: string | null;
  candidateGroups: string | null;
}

/** What happened during a step, in order: activities started and ended, sequence flows taken. */
export interface StepEvent {
  kind: 'start' | 'end' | 'take';
  elementId: string;
  name: string | null;
  /** `startEvent`, `userTask`, `exclusiveGateway`, `sequenceFlow`… (the BPMN type in lower camel case). */
  type: string;
  executionId: string | null;
}

export interface StepResult {
  /** The engine's state to save, without the definition (the definition row keeps it). */
  state: SavedState;
  engineVersion: string;
  ended: boolean;
  waiting: WaitingTask[];
  events: StepEvent[];
}

export interface SavedState {
  engineVersion?: string;
  definitions: { source?: unknown; [key: string]: unknown }[];
  [key: string]: unknown;
}

// Loose shapes of what this file touches of bpmn-engine (its types describe the package's own options only).
interface ActivityApi {
  id: string;
  type: string;
  name?: string;
  executionId?: string;
  owner?: { name?: string; behaviour?: Record<string, unknown> };
}
interface EngineLike {
  activityStatus: string;
  state: string;
  execution: { getPostponed(): ActivityApi[]; signal(payload: unknown): void };
  on(event: 'error', listener: (error: Error) => void): void;
  execute(options: unknown): Promise<unknown>;
  recover(state: unknown): unknown;
  resume(options: unknown): Promise<unknown>;
  getState(): Promise<SavedState>;
}

const CONTEXTS = new Map<string, Promise<ModdleContext>>();
const CONTEXTS_KEPT = 200;

/** The definition's parsed model, kept by id (definitions never change once deployed). */
function contextOf(definition: EngineDefinition): Promise<ModdleContext> {
  let context = CONTEXTS.get(definition.id);
  if (!context) {
    context = parseBpmn(definition.xml, definition.id).then((p) => p.context);
    context.catch(() => CONTEXTS.delete(definition.id));
    if (CONTEXTS.size >= CONTEXTS_KEPT) CONTEXTS.delete(CONTEXTS.keys().next().value!);
    CONTEXTS.set(definition.id, context);
  }
  return context;
}

/** The variable a process's start event names its starter in (`flowable:initiator`), if any. */
export async function initiatorOf(definition: EngineDefinition): Promise<string | null> {
  const { rootElement } = await contextOf(definition);
  for (const root of rootElement.rootElements ?? []) {
    const elements = (root.flowElements as ModdleElement[] | undefined) ?? [];
    const start = elements.find((e) => e.$type === 'bpmn:StartEvent');
    const initiator = start?.get('flowable:initiator');
    if (typeof initiator === 'string' && initiator.trim()) return initiator.trim();
  }
  return null;
}

/** A script facility that runs nothing: deploy already refuses scripts; this makes sure. */
const NO_SCRIPTS = {
  register(element: { id: string; type: string; behaviour?: { conditionExpression?: { language?: string } } }) {
    if (element.type === 'bpmn:ScriptTask' || element.behaviour?.conditionExpression?.language) {
      throw new FlowExpressionError(m['flow.bpmn.script'], { name: '', id: element.id });
    }
    return undefined;
  },
  getScript() {
    return undefined;
  },
};

/**
 * One engine for one step: conditions are evaluated by our own expression language over `variables`
 * (never by the engine's, never as code), and the first problem met is kept to be told.
 */
async function newEngine(definition: EngineDefinition, variables: FlowVariables) {
  const [{ Engine }, moddleContext] = await Promise.all([import('bpmn-engine'), contextOf(definition)]);
  const failure: { error?: Error } = {};
  const expressions = {
    isExpression: (text: unknown) => typeof text === 'string' && /^\$\{[\s\S]+\}$/.test(text.trim()),
    hasExpression: (text: unknown) => typeof text === 'string' && text.includes('${'),
    resolveExpression(text: string) {
      try {
        return evaluateCondition(text, variables);
      } catch (error) {
        failure.error ??= error as Error;
        throw error;
      }
    },
  };
  const engine = new Engine({
    name: definition.id,
    moddleContext,
    expressions,
    scripts: NO_SCRIPTS as never,
    disableDummyScript: true,
  }) as unknown as EngineLike;
  engine.on('error', (error) => {
    failure.error ??= error;
  });
  const events: StepEvent[] = [];
  const listener = new EventEmitter();
  const record = (kind: StepEvent['kind']) => (api: ActivityApi) =>
    events.push({
      kind,
      elementId: api.id,
      name: api.name ?? api.owner?.name ?? null,
      type: lowerCamel(api.type),
      executionId: kind === 'take' ? null : (api.executionId ?? null),
    });
  return { engine, failure, events, listener, record };
}

const lowerCamel = (type: string) => {
  const local = type.replace(/^bpmn:/, '');
  return local.charAt(0).toLowerCase() + local.slice(1);
};

/** Starts a process: runs from the start event until every path waits at a user task or ended. */
export async function startEngine(definition: EngineDefinition, variables: FlowVariables): Promise<StepResult> {
  const run = await newEngine(definition, variables);
  listen(run);
  await run.engine.execute({ listener: run.listener, variables });
  return settle(run);
}

/**
 * Recovers an instance from its saved state and completes one of its waiting user tasks: the engine
 * runs on until every path waits again or the process ended. A task the state does not wait at is
 * an error (the engine would ignore the signal).
 */
export async function signalEngine(
  definition: EngineDefinition,
  saved: SavedState,
  variables: FlowVariables,
  task: { elementId: string; executionId: string },
): Promise<StepResult> {
  const run = await newEngine(definition, variables);
  // The definition comes from the model (moddleContext), never from what was saved.
  const state = { ...saved, definitions: saved.definitions.map(({ source: _, ...d }) => d) };
  run.engine.recover(structuredClone(state));
  await run.engine.resume({ listener: run.listener });
  const waiting = run.engine.execution.getPostponed().some((a) => a.executionId === task.executionId);
  if (!waiting) throw badRequest(m['flow.step.notWaiting'], { id: task.elementId });
  listen(run);
  run.engine.execution.signal({ id: task.elementId, executionId: task.executionId });
  const result = await settle(run);
  if (result.waiting.some((w) => w.executionId === task.executionId)) {
    throw badRequest(m['flow.step.notWaiting'], { id: task.elementId });
  }
  return result;
}

// Events are recorded from here on: a resume repeats the waits it recovers.
function listen(run: Awaited<ReturnType<typeof newEngine>>) {
  run.listener.on('activity.start', run.record('start'));
  run.listener.on('activity.end', run.record('end'));
  run.listener.on('flow.take', run.record('take'));
}

const SETTLE_TURNS = 1000;

async function settle(run: Awaited<ReturnType<typeof newEngine>>): Promise<StepResult> {
  const { engine, failure } = run;
  for (let turn = 0; engine.activityStatus === 'executing' && !failure.error && turn < SETTLE_TURNS; turn++) {
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (failure.error || engine.state === 'error') throw stepFailure(failure.error);
  if (engine.activityStatus === 'executing') throw badRequest(m['flow.step.busy']);
  const state = await engine.getState();
  const ended = engine.activityStatus === 'idle';
  const waiting = ended
    ? []
    : engine.execution
        .getPostponed()
        .filter((a) => a.type === 'bpmn:UserTask')
        .map((a) => waitingTask(a));
  return {
    state: { ...state, definitions: state.definitions.map(({ source: _, ...d }) => d) },
    engineVersion: String(state.engineVersion ?? ''),
    ended,
    waiting,
    events: run.events,
  };
}

function waitingTask(api: ActivityApi): WaitingTask {
  const behaviour = api.owner?.behaviour ?? {};
  const text = (name: string) => (typeof behaviour[name] === 'string' ? (behaviour[name] as string) : null);
  return {
    elementId: api.id,
    executionId: String(api.executionId),
    name: api.name ?? api.owner?.name ?? null,
    assignee: text('assignee'),
    candidateUsers: text('candidateUsers'),
    candidateGroups: text('candidateGroups'),
  };
}

/** A step's problem as the caller's message: an expression's own, or what the engine said. */
function stepFailure(error: Error | undefined) {
  const cause = error instanceof FlowExpressionError ? error : (error as { inner?: unknown } | undefined)?.inner;
  if (cause instanceof FlowExpressionError) {
    return badRequest(m['flow.step.failed'], { detail: { messageKey: cause.key, params: cause.params } });
  }
  const noFlow = /<([^>]+)> no conditional flow taken/.exec(error?.message ?? '');
  if (noFlow) return badRequest(m['flow.step.noFlow'], { id: noFlow[1] });
  return badRequest(m['flow.step.failed'], { detail: error?.message ?? '?' });
}
