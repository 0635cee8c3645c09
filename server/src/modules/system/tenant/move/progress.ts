import { z } from 'zod';
import { isConnectionLost } from '../../../../platform/db/connection-errors.ts';
import { AppError } from '../../../../platform/http/errors.ts';
import { type Locale, translate } from '../../../../platform/i18n/i18n.ts';
import type { SharedStore } from '../../../../platform/store/store.ts';
import type { MoveReport, MoveStep } from '../../../../platform/tenancy/move/mover.ts';
import { tenantMessages as m } from '../messages.ts';

/** A tenant's move as every instance sees it (kept in the shared store a day after it ends). */
export interface MoveProgress {
  tenantId: string;
  /** The datasources it leaves and goes to, by name; null for the main database. */
  from: string | null;
  to: string | null;
  step: MoveStep;
  table: string | null;
  rowsDone: number;
  rowsTotal: number;
  error: { key: string; params: Record<string, unknown> } | null;
  leftInSource: boolean;
  startedAt: string;
  finishedAt: string | null;
}

const KEPT_MS = 24 * 3600_000;
/** The lock one move of a tenant holds, renewed at each report: a crashed instance's runs out. */
const LOCK_MS = 5 * 60_000;
const progressKey = (tenantId: string) => `tenant:move:${tenantId}`;
const lockKey = (tenantId: string) => `tenant:move:lock:${tenantId}`;

export async function readProgress(store: SharedStore, tenantId: string): Promise<MoveProgress | null> {
  const text = await store.get(progressKey(tenantId));
  return text ? (JSON.parse(text) as MoveProgress) : null;
}

/** What went wrong, as a catalogue key: a refusal's own, a lost connection, else the error's text. */
function errorOf(error: unknown): MoveProgress['error'] {
  if (error instanceof AppError) return { key: error.key, params: error.params };
  if (isConnectionLost(error))
    return { key: m['tenant.move.failed'], params: { reason: { messageKey: m['tenant.move.connectionLost'] } } };
  return { key: m['tenant.move.failed'], params: { reason: (error as Error).message } };
}

/**
 * Takes the move locks of these tenants, all or none (`busy`: one whose move runs), and answers their
 * release: no move starts, nor switches, while tenants are removed (manage.ts).
 */
export async function holdMoveLocks(
  store: SharedStore,
  tenantIds: string[],
): Promise<{ busy: string } | { release: () => Promise<void> }> {
  const taken: string[] = [];
  const release = () => Promise.all(taken.map((tenantId) => store.delete(lockKey(tenantId)))).then(() => undefined);
  for (const tenantId of tenantIds) {
    if (!(await store.setIfAbsent(lockKey(tenantId), '1', LOCK_MS))) {
      await release();
      return { busy: tenantId };
    }
    taken.push(tenantId);
  }
  return { release };
}

/** Takes the tenant's move lock (false when a move of it runs) and answers how the move reports. */
export async function startProgress(store: SharedStore, start: Pick<MoveProgress, 'tenantId' | 'from' | 'to'>) {
  if (!(await store.setIfAbsent(lockKey(start.tenantId), '1', LOCK_MS))) return null;
  let progress: MoveProgress = {
    ...start,
    step: 'fence',
    table: null,
    rowsDone: 0,
    rowsTotal: 0,
    error: null,
    leftInSource: false,
    startedAt: new Date().toISOString(),
    finishedAt: null,
  };
  const save = async () => {
    await store.set(progressKey(start.tenantId), JSON.stringify(progress), KEPT_MS);
    if (progress.finishedAt) await store.delete(lockKey(start.tenantId));
    else await store.set(lockKey(start.tenantId), '1', LOCK_MS);
  };
  await save();
  return {
    report: (report: MoveReport) => {
      progress = { ...progress, ...report };
      return save();
    },
    finish: (leftInSource: boolean) => {
      progress = { ...progress, step: 'done', table: null, leftInSource, finishedAt: new Date().toISOString() };
      return save();
    },
    fail: (error: unknown) => {
      progress = { ...progress, step: 'failed', error: errorOf(error), finishedAt: new Date().toISOString() };
      return save();
    },
  };
}

export const moveProgressSchema = z
  .object({
    tenantId: z.string(),
    from: z.string().nullable().describe('The datasource left, by name; null for the main database'),
    to: z.string().nullable().describe('The datasource gone to, by name; null for the main database'),
    step: z.enum(['fence', 'copy', 'verify', 'switch', 'cleanup', 'done', 'failed']),
    table: z.string().nullable().describe('The table being copied or verified'),
    rowsDone: z.number().int(),
    rowsTotal: z.number().int(),
    message: z.string().nullable().describe('Why it failed, or what it left to do, in the caller’s language'),
    startedAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .nullable();

/** The progress as answered: the error in the caller's language. */
export function progressAnswer(progress: MoveProgress | null, locale: Locale): z.infer<typeof moveProgressSchema> {
  if (!progress) return null;
  const { error, leftInSource, ...rest } = progress;
  const message = error
    ? translate(locale, error.key, error.params)
    : leftInSource
      ? translate(locale, m['tenant.move.leftInSource'])
      : null;
  return { ...rest, message };
}
