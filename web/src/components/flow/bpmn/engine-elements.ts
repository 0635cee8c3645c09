/**
 * A bpmn-js module that offers in the modeler only the elements the server's engine runs (start
 * and end events, user tasks, exclusive and parallel gateways, sequence flows): the palette, the
 * context pad and the "change element" menu are filtered to them, so a design does not fail at
 * deploy for an element nobody could have used. An imported file may still hold others; the server
 * names them when it refuses the deployment.
 */

type Entries = Record<string, unknown>;
interface Create {
  start(event: unknown, shape: unknown, hints?: unknown): void;
}
interface ElementFactory {
  createShape(attrs: { type: string }): unknown;
}
interface AutoPlace {
  append(source: unknown, shape: unknown): void;
}
type Translate = (text: string) => string;
interface Registry {
  registerProvider(priority: number, provider: unknown): void;
}
interface PopupMenu {
  registerProvider(id: string, priority: number, provider: unknown): void;
}

/** Called after bpmn-js's own providers (priority 1000), so they see and filter what those offer. */
const AFTER_DEFAULTS = 500;

const PALETTE_KEPT = new Set([
  'hand-tool',
  'lasso-tool',
  'space-tool',
  'global-connect-tool',
  'tool-separator',
  'create.start-event',
  'create.end-event',
]);
const CONTEXT_PAD_KEPT = new Set(['append.end-event', 'connect', 'delete', 'replace']);
const REPLACE_KEPT = new Set([
  'replace-with-none-start',
  'replace-with-none-end',
  'replace-with-user-task',
  'replace-with-exclusive-gateway',
  'replace-with-parallel-gateway',
  'replace-with-sequence-flow',
  'replace-with-default-flow',
  'replace-with-conditional-flow',
]);

const keep = (entries: Entries, kept: ReadonlySet<string>): Entries =>
  Object.fromEntries(Object.entries(entries).filter(([key]) => kept.has(key)));

function EngineElements(
  this: unknown,
  palette: Registry,
  contextPad: Registry,
  popupMenu: PopupMenu,
  create: Create,
  elementFactory: ElementFactory,
  autoPlace: AutoPlace,
  translate: Translate,
) {
  const shapeOf = (type: string) => elementFactory.createShape({ type });
  const createEntry = (type: string, group: string, className: string, title: string) => {
    const start = (event: unknown) => create.start(event, shapeOf(type));
    return { group, className, title: translate(title), action: { dragstart: start, click: start } };
  };
  const appendEntry = (type: string, className: string, title: string) => ({
    group: 'model',
    className,
    title: translate(title),
    action: {
      click: (_event: unknown, source: unknown) => autoPlace.append(source, shapeOf(type)),
      dragstart: (event: unknown, source: unknown) => create.start(event, shapeOf(type), { source }),
    },
  });

  palette.registerProvider(AFTER_DEFAULTS, {
    getPaletteEntries: () => (entries: Entries) => ({
      ...keep(entries, PALETTE_KEPT),
      'create.exclusive-gateway': createEntry(
        'bpmn:ExclusiveGateway',
        'gateway',
        'bpmn-icon-gateway-xor',
        'Create exclusive gateway',
      ),
      'create.parallel-gateway': createEntry(
        'bpmn:ParallelGateway',
        'gateway',
        'bpmn-icon-gateway-parallel',
        'Create parallel gateway',
      ),
      'create.user-task': createEntry('bpmn:UserTask', 'activity', 'bpmn-icon-user-task', 'Create user task'),
    }),
  });

  contextPad.registerProvider(AFTER_DEFAULTS, {
    getContextPadEntries: () => (entries: Entries) => {
      const kept = keep(entries, CONTEXT_PAD_KEPT);
      // bpmn-js offers appending only where a flow may continue (not after an end event): so do we
      if (!('append.end-event' in entries)) return kept;
      return {
        ...kept,
        'append.user-task': appendEntry('bpmn:UserTask', 'bpmn-icon-user-task', 'Append user task'),
        'append.exclusive-gateway': appendEntry(
          'bpmn:ExclusiveGateway',
          'bpmn-icon-gateway-xor',
          'Append exclusive gateway',
        ),
      };
    },
  });

  popupMenu.registerProvider('bpmn-replace', AFTER_DEFAULTS, {
    getPopupMenuEntries: () => (entries: Entries) => keep(entries, REPLACE_KEPT),
    // loop, multi-instance and collection toggles: nothing the engine runs
    getPopupMenuHeaderEntries: () => () => ({}),
  });
}
EngineElements.$inject = ['palette', 'contextPad', 'popupMenu', 'create', 'elementFactory', 'autoPlace', 'translate'];

export const engineElementsModule = {
  __init__: ['engineElements'],
  engineElements: ['type', EngineElements],
};
