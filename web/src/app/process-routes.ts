/**
 * The pages of a process's own business (spec §2's leave routes, and the same for an outbound
 * request waiting for approval): `/work/process/<kind>/form/{processDefinitionId}`,
 * `/handle/{taskId}/{processInstanceId}/{businessId}`, `/detail/{processInstanceId}/{businessId}`.
 * Not menu entries: open to every signed-in user (the server decides what they may read).
 */
const SCREENS = { form: 1, handle: 3, detail: 2 } as const;
export type ProcessScreen = keyof typeof SCREENS;

/** The kinds of process with pages of their own, and the screens each has. */
const KINDS: Record<string, readonly ProcessScreen[]> = {
  leave: ['form', 'handle', 'detail'],
  // an outbound request is started by the delivery screen, not by a form here
  delivery: ['handle', 'detail'],
};

export interface ProcessRoute {
  kind: string;
  screen: ProcessScreen;
  ids: string[];
  /** The tab label's key (`leave.form`, `delivery.approval.handle`). */
  label: string;
}

/** Which process page a path is, with its ids; nothing for any other path. */
export function processRoute(path: string): ProcessRoute | undefined {
  const [empty, work, process, kind = '', screen = '', ...ids] = path.split('/');
  if (empty !== '' || work !== 'work' || process !== 'process') return undefined;
  const screens = KINDS[kind];
  if (!screens?.includes(screen as ProcessScreen)) return undefined;
  const s = screen as ProcessScreen;
  if (ids.length !== SCREENS[s] || ids.some((id) => !id)) return undefined;
  const label = kind === 'leave' ? `leave.${s}` : `${kind}.approval.${s}`;
  return { kind, screen: s, ids: ids.map(decodeURIComponent), label };
}

/** The path of a process page (ids encoded). */
export const processPath = (kind: string, screen: ProcessScreen, ...ids: unknown[]) =>
  `/work/process/${kind}/${screen}/${ids.map((id) => encodeURIComponent(String(id))).join('/')}`;
