/// <reference path="../../../types/bpmn-moddle.d.ts" />
// (the package has no types: every project that compiles this file needs the declaration)
import { type AppError, badRequest, tooLarge } from '../../../platform/http/errors.ts';
import { flowMessages as m } from '../messages.ts';
import { FlowExpressionError, isExpression, parseExpression } from './expression.ts';
import { flowableModdle } from './flowable-moddle.ts';

/** The largest BPMN file or model this product takes (the leave process is 7 KB). */
export const MAX_BPMN_BYTES = 1024 * 1024;

/** A moddle element as bpmn-moddle reads it (the package has no types). */
export interface ModdleElement {
  $type: string;
  id?: string;
  name?: string;
  $attrs?: Record<string, string>;
  get(name: string): unknown;
  [key: string]: unknown;
}

/** What bpmn-moddle's `fromXML` answers, which the engine takes as it is (`moddleContext`). */
export interface ModdleContext {
  rootElement: ModdleElement & { rootElements?: ModdleElement[] };
  warnings: { message: string }[];
}

/** One executable process of a BPMN file, checked: what a deployment makes a definition of. */
export interface ParsedProcess {
  key: string;
  name: string | null;
  description: string | null;
  xml: string;
  context: ModdleContext;
}

// Only what the engine runs as this product means it: no scripts, services, timers, messages or sub-processes.
const FLOW_ELEMENTS = new Set([
  'bpmn:StartEvent',
  'bpmn:EndEvent',
  'bpmn:UserTask',
  'bpmn:ExclusiveGateway',
  'bpmn:ParallelGateway',
  'bpmn:SequenceFlow',
]);
const ROOT_ELEMENTS = new Set(['bpmn:Process', 'bpmn:Collaboration']);
const ASSIGNMENT = ['assignee', 'candidateUsers', 'candidateGroups'] as const;
const PROCESS_KEY = /^[A-Za-z_][\w.-]{0,63}$/;

let moddle: Promise<{ fromXML(xml: string): Promise<ModdleContext> }> | undefined;

/** bpmn-moddle with the flowable package, loaded on first use (a server that runs no flow pays nothing). */
function parser() {
  moddle ??= import('bpmn-moddle').then(({ default: BpmnModdle }) => new BpmnModdle({ flowable: flowableModdle }));
  return moddle;
}

/**
 * Reads a BPMN 2.0 file and checks it is one this product runs: well-formed, no DTD, exactly one
 * executable process with one start event, only the supported elements, conditions and assignments
 * in the expression language, every user task with someone to do it. Any problem is a 400 naming
 * the file and the element; nothing here runs anything.
 */
export async function parseBpmn(xml: string, file: string): Promise<ParsedProcess> {
  if (Buffer.byteLength(xml) > MAX_BPMN_BYTES) throw tooLarge(m['flow.bpmn.tooLarge'], { name: file, max: '1 MB' });
  // Entities are how XML bombs and external reads start; BPMN needs none.
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw badRequest(m['flow.bpmn.doctype'], { name: file });
  let context: ModdleContext;
  try {
    context = await (await parser()).fromXML(xml.trim());
  } catch (error) {
    throw unreadable(file, (error as Error).message);
  }
  if (context.warnings.length) throw unreadable(file, context.warnings[0]!.message);
  const roots = context.rootElement.rootElements ?? [];
  const strange = roots.find((r) => !ROOT_ELEMENTS.has(r.$type));
  if (strange) throw element(file, strange);
  // A pool (collaboration) is drawing only; message flows between pools would be run.
  const messages = roots.find((r) => (r.messageFlows as unknown[] | undefined)?.length);
  if (messages) throw badRequest(m['flow.bpmn.feature'], { name: file, id: messages.id, feature: 'messageFlow' });
  const executable = roots.filter((r) => r.$type === 'bpmn:Process' && r.isExecutable === true);
  if (executable.length === 0) throw badRequest(m['flow.bpmn.noProcess'], { name: file });
  if (executable.length > 1) throw badRequest(m['flow.bpmn.manyProcesses'], { name: file });
  const process = executable[0]!;
  const key = String(process.id ?? '');
  if (!PROCESS_KEY.test(key)) throw badRequest(m['flow.bpmn.processId'], { name: file, id: key });
  checkElements(file, process);
  const documentation = (process.documentation as { text?: string }[] | undefined)?.[0]?.text?.trim();
  return {
    key,
    name: process.name ? String(process.name).slice(0, 255) : null,
    description: documentation ? documentation.slice(0, 1000) : null,
    xml,
    context,
  };
}

const unreadable = (file: string, detail: string) =>
  badRequest(m['flow.bpmn.unreadable'], { name: file, detail: detail.split('\n')[0]!.slice(0, 200) });

const element = (file: string, el: ModdleElement): AppError =>
  badRequest(m['flow.bpmn.element'], { name: file, id: el.id ?? '?', type: el.$type.replace(/^bpmn:/, '') });

function checkElements(file: string, process: ModdleElement): void {
  const elements = (process.flowElements as ModdleElement[] | undefined) ?? [];
  const starts = elements.filter((e) => e.$type === 'bpmn:StartEvent');
  if (starts.length !== 1) throw badRequest(m['flow.bpmn.startEvent'], { name: file });
  for (const el of elements) {
    if (!FLOW_ELEMENTS.has(el.$type)) throw element(file, el);
    const refuse = (feature: string) => badRequest(m['flow.bpmn.feature'], { name: file, id: el.id, feature });
    if ((el.eventDefinitions as unknown[] | undefined)?.length) throw refuse('eventDefinition');
    if (el.loopCharacteristics) throw refuse('loopCharacteristics');
    if (el.$type === 'bpmn:UserTask') checkUserTask(file, el);
    if (el.$type === 'bpmn:SequenceFlow') checkCondition(file, el);
  }
}

function checkUserTask(file: string, task: ModdleElement): void {
  // Another engine's attribute (camunda:assignee) would be read by nobody: say which one to use.
  const foreign = Object.keys(task.$attrs ?? {}).find((a) => ASSIGNMENT.some((name) => a.endsWith(`:${name}`)));
  if (foreign) throw badRequest(m['flow.bpmn.foreignAttribute'], { name: file, id: task.id, attribute: foreign });
  const given = ASSIGNMENT.filter((name) => String(task.get(`flowable:${name}`) ?? '').trim());
  if (!given.length) throw badRequest(m['flow.bpmn.noAssignee'], { name: file, id: task.id });
  for (const name of given) {
    for (const part of String(task.get(`flowable:${name}`)).split(',')) {
      if (isExpression(part)) checkExpression(file, task, `flowable:${name}`, part);
    }
  }
}

function checkCondition(file: string, flow: ModdleElement): void {
  const condition = flow.conditionExpression as { language?: string; body?: string } | undefined;
  if (!condition) return;
  if (condition.language) throw badRequest(m['flow.bpmn.script'], { name: file, id: flow.id });
  checkExpression(file, flow, 'conditionExpression', String(condition.body ?? ''));
}

function checkExpression(file: string, el: ModdleElement, attribute: string, text: string): void {
  try {
    parseExpression(text);
  } catch (error) {
    if (!(error instanceof FlowExpressionError)) throw error;
    throw badRequest(m['flow.bpmn.expression'], {
      name: file,
      id: el.id,
      attribute,
      problem: { messageKey: error.key, params: error.params },
    });
  }
}
