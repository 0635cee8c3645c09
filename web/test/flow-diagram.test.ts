import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BPMN_ZH } from '../src/components/flow/bpmn/bpmn-zh.ts';
import type { BusinessObject, DiagramElement } from '../src/components/flow/bpmn/diagram-services.ts';
import { diagramStates } from '../src/components/flow/bpmn/diagram-states.ts';
import {
  editableOf,
  isUnchanged,
  readProperties,
  toAttributes,
} from '../src/components/flow/bpmn/element-properties.ts';
import { MODEL_KEY, newModelXml } from '../src/components/flow/bpmn/model-xml.ts';

const NODE_MODULES = path.resolve(import.meta.dirname, '..', '..', 'node_modules');

/** Every text bpmn-js and diagram-js hand to `translate`, or name as a menu entry's label or title. */
function translatedTexts(): Set<string> {
  const found = new Set<string>();
  const literal = /(?:translate\(\s*|\blabel:\s*|\btitle:\s*)(['"`])((?:(?!\1).)+)\1/gs;
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (file.endsWith('.js'))
        for (const m of fs.readFileSync(file, 'utf8').matchAll(literal)) found.add(m[2] ?? '');
    }
  };
  walk(path.join(NODE_MODULES, 'bpmn-js', 'lib'));
  walk(path.join(NODE_MODULES, 'diagram-js', 'lib'));
  // texts built at run time: the align menu's six entries
  for (const side of ['left', 'center', 'right', 'top', 'middle', 'bottom']) found.add(`Align elements ${side}`);
  found.delete('Align elements '); // the prefix of those
  // diagram-js's own example of its stub, and an SVG transform ('translate(' + shift + ','): no texts
  found.delete('HELLO {you}');
  found.delete(' + shift + ');
  return found;
}

describe('the designer in Chinese', () => {
  it('has every text bpmn-js shows (a new bpmn-js version with new texts fails here)', () => {
    const texts = translatedTexts();
    expect(texts.size).toBeGreaterThan(100);
    expect([...texts].filter((text) => !(text in BPMN_ZH))).toEqual([]);
  });

  it('says them in Chinese, with the placeholders kept', () => {
    for (const [en, zh] of Object.entries(BPMN_ZH)) {
      expect(zh, en).toMatch(/[\u4e00-\u9fff]/);
      expect(zh.match(/{\w+}/g) ?? [], en).toEqual(en.match(/{\w+}/g) ?? []);
    }
  });
});

describe('diagram states (spec §4)', () => {
  it('marks the flows taken, the finished nodes and where the process waits', () => {
    const states = diagramStates([
      { historyActivityId: 'start', historyActivityType: 'startEvent', endTime: '2026-11-20 09:00:00' },
      { historyActivityId: 'startFlow', historyActivityType: 'sequenceFlow', endTime: '2026-11-20 09:00:00' },
      { historyActivityId: 'hrTask', historyActivityType: 'userTask', endTime: null },
    ]);
    expect([...states.done]).toEqual(['start']);
    expect([...states.current]).toEqual(['hrTask']);
    expect([...states.taken]).toEqual(['startFlow']);
  });

  it('shows a node visited before and waiting again as current, not finished', () => {
    const states = diagramStates([
      { historyActivityId: 'hrTask', historyActivityType: 'userTask', endTime: '2026-11-20 10:00:00' },
      { historyActivityId: 'applyTask', historyActivityType: 'userTask', endTime: '2026-11-20 11:00:00' },
      { historyActivityId: 'hrTask', historyActivityType: 'userTask' },
    ]);
    expect([...states.current]).toEqual(['hrTask']);
    expect([...states.done]).toEqual(['applyTask']);
  });
});

const element = (type: string, attrs: Record<string, unknown> = {}, source?: string): DiagramElement => {
  const bo = {
    id: 'e1',
    $type: type,
    ...attrs,
    get: (name: string) => attrs[name],
  } as unknown as BusinessObject;
  return { id: 'e1', type, businessObject: bo, source: source ? ({ type: source } as DiagramElement) : undefined };
};

describe('the element form', () => {
  it('edits what the engine reads of each kind of element', () => {
    expect(editableOf(element('bpmn:UserTask'))).toEqual([
      'id',
      'name',
      'assignee',
      'candidateUsers',
      'candidateGroups',
    ]);
    expect(editableOf(element('bpmn:StartEvent'))).toEqual(['id', 'name', 'initiator']);
    expect(editableOf(element('bpmn:SequenceFlow', {}, 'bpmn:ExclusiveGateway'))).toContain('condition');
    // every flow out of a parallel gateway is taken: no condition there
    expect(editableOf(element('bpmn:SequenceFlow', {}, 'bpmn:ParallelGateway'))).not.toContain('condition');
  });

  it('reads Flowable attributes and conditions, lists split', () => {
    const task = element('bpmn:UserTask', {
      name: '经理审批',
      'flowable:assignee': '${taskUser}',
      'flowable:candidateGroups': 'manager, boss',
    });
    expect(readProperties(task.businessObject)).toMatchObject({
      id: 'e1',
      name: '经理审批',
      assignee: '${taskUser}',
      candidateGroups: ['manager', 'boss'],
      candidateUsers: [],
    });
    const flow = element('bpmn:SequenceFlow', { conditionExpression: { body: '${days > 3}' } });
    expect(readProperties(flow.businessObject).condition).toBe('${days > 3}');
  });

  it('writes them back as attributes; empty removes one', () => {
    const expression = (body: string) => ({ $type: 'bpmn:FormalExpression', body });
    expect(toAttributes('candidateGroups', ['manager', 'boss'], expression)).toEqual({
      'flowable:candidateGroups': 'manager,boss',
    });
    expect(toAttributes('assignee', '  ', expression)).toEqual({ 'flowable:assignee': undefined });
    expect(toAttributes('condition', '${pass}', expression)).toEqual({
      conditionExpression: { $type: 'bpmn:FormalExpression', body: '${pass}' },
    });
    expect(toAttributes('condition', '', expression)).toEqual({ conditionExpression: undefined });
    expect(toAttributes('name', ' 人事审批 ', expression)).toEqual({ name: '人事审批' });
  });

  it('knows an input left as it was: that edit never reaches the diagram', () => {
    const task = element('bpmn:UserTask', { name: '经理审批', 'flowable:candidateGroups': 'manager,boss' });
    expect(isUnchanged(task.businessObject, 'name', ' 经理审批 ')).toBe(true);
    expect(isUnchanged(task.businessObject, 'name', '经理复核')).toBe(false);
    expect(isUnchanged(task.businessObject, 'candidateGroups', ['manager', 'boss'])).toBe(true);
    expect(isUnchanged(task.businessObject, 'candidateGroups', ['manager'])).toBe(false);
    expect(isUnchanged(task.businessObject, 'assignee', undefined)).toBe(true);
    expect(isUnchanged(task.businessObject, 'assignee', '${taskUser}')).toBe(false);
  });
});

describe('a model key', () => {
  it('is an XML name that does not start with a digit', () => {
    expect(MODEL_KEY.test('Leave')).toBe(true);
    expect(MODEL_KEY.test('leave_2.v-1')).toBe(true);
    expect(MODEL_KEY.test('2leave')).toBe(false);
    expect(MODEL_KEY.test('请假')).toBe(false);
    expect(MODEL_KEY.test('a b')).toBe(false);
  });

  it('names the process of a new model, which is executable', () => {
    const xml = newModelXml('purchase', '采购 <审批> & "付款"');
    expect(xml).toContain(
      '<bpmn:process id="purchase" name="采购 &lt;审批&gt; &amp; &quot;付款&quot;" isExecutable="true">',
    );
    expect(xml).toContain('bpmnElement="purchase"');
  });
});

describe('the Flowable attributes', () => {
  it('are described to the modeler exactly as the server’s engine reads them', async () => {
    // the two workspaces keep a copy each (the web does not import server code); they must not drift
    const { flowableModdle: server } = await import('../../server/src/modules/flow/engine/flowable-moddle.ts');
    const { flowableModdle: web } = await import('../src/components/flow/bpmn/flowable-moddle.ts');
    expect(web).toEqual(server);
  });
});
