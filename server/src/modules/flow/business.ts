import type { Caller } from '../../platform/tenancy/context.ts';
import type { AnyTrx } from '../../platform/tenancy/tenant-db.ts';

/** How a process ended, as the business record that started it needs to know. */
export interface FlowOutcome {
  instanceId: string;
  businessId: string;
  /** The last decision (`pass` of the last task completed); undefined when no task decided. */
  pass: boolean | undefined;
  /** The last task's comment. */
  comment: string | null;
}

/**
 * What a module that starts processes for its records (the leave desk, outbound approval) does when
 * one of them ends or is deleted, inside the same transaction: an error refuses the step that ended
 * it (the task stays open, the instance as it was). Keyed by the business table that `businessKey`
 * (`table:id`) names. The flow module never imports its users; they register here.
 */
export interface FlowBusiness {
  table: string;
  onEnd?(trx: AnyTrx, caller: Caller, outcome: FlowOutcome): Promise<void>;
  onDelete?(
    trx: AnyTrx,
    caller: Caller,
    record: { instanceId: string; businessId: string; reason: string },
  ): Promise<void>;
}

const businesses = new Map<string, FlowBusiness>();

/** Registers a module's business hooks (again: the same hooks, as each app built in tests registers them). */
export function registerFlowBusiness(business: FlowBusiness): void {
  businesses.set(business.table, business);
}

/** `table:id` as its parts; null for a key without the form. */
export function splitBusinessKey(key: string | null | undefined): { table: string; id: string } | null {
  const match = key ? /^([A-Za-z_][\w]*):(\d+)$/.exec(key) : null;
  return match ? { table: match[1]!, id: match[2]! } : null;
}

export function businessOf(key: string | null | undefined): { hooks: FlowBusiness; id: string } | null {
  const parts = splitBusinessKey(key);
  const hooks = parts && businesses.get(parts.table);
  return hooks ? { hooks, id: parts.id } : null;
}
