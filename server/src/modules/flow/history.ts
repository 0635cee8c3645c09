import { sql } from 'kysely';
import { notFound } from '../../platform/http/errors.ts';
import type { Locale } from '../../platform/i18n/i18n.ts';
import type { AnyTrx } from '../../platform/tenancy/tenant-db.ts';
import { definitionXml } from './definitions.ts';
import { flowMessages as m } from './messages.ts';
import { withAssignees } from './wire.ts';

/** One step of an instance's history as BladeX's history-flow-list answers it. */
export interface HistoryItem {
  historyActivityId: string;
  historyActivityName: string | null;
  historyActivityType: string;
  taskId: string | null;
  createTime: Date;
  endTime: Date | null;
  historyActivityDurationTime: string | null;
  assignee: string | null;
  assigneeName: string | null;
  comment: string | null;
}

/**
 * What happened to an instance, in order, as people read it: the start (by the starter), each user
 * task with who did it and their comment, and the end. Gateways and flows are left out, as BladeX
 * does (process/model-view carries them for the diagram).
 */
export async function historyFlowList(
  trx: AnyTrx,
  tenantId: string,
  instanceId: string,
  locale: Locale,
): Promise<HistoryItem[]> {
  const { rows } = await sql<
    Omit<HistoryItem, 'assignee' | 'assigneeName' | 'historyActivityDurationTime'> & { assigneeId: string | null }
  >`
    select a.activity_id as "historyActivityId", a.activity_name as "historyActivityName",
           a.activity_type as "historyActivityType", a.task_id::text as "taskId", a.start_time as "createTime",
           a.end_time as "endTime", coalesce(t.assignee_id, a.assignee_id)::text as "assigneeId",
           (select c.message from flow_comment c where c.tenant_id = a.tenant_id and c.task_id = a.task_id
            order by c.id desc limit 1) as comment
    from flow_activity a left join flow_task t on t.tenant_id = a.tenant_id and t.id = a.task_id
    where a.tenant_id = ${tenantId} and a.instance_id = ${instanceId}
      and a.activity_type in ('startEvent', 'endEvent', 'userTask')
    order by a.id`.execute(trx);
  const items = await withAssignees(trx, tenantId, rows);
  return items.map((item) => ({
    ...item,
    historyActivityDurationTime: item.endTime
      ? duration(item.endTime.getTime() - item.createTime.getTime(), locale)
      : null,
  }));
}

/**
 * An instance's diagram: its definition's XML (removed deployments' too) and every activity and flow
 * it went through, for highlighting (done, current, flows taken).
 */
export async function instanceDiagram(trx: AnyTrx, tenantId: string, instanceId: string) {
  const { rows: instance } = await sql<{ definitionId: string }>`
    select definition_id as "definitionId" from flow_instance where tenant_id = ${tenantId} and id = ${instanceId}`.execute(
    trx,
  );
  const xml = instance[0] ? await definitionXml(trx, tenantId, instance[0].definitionId) : null;
  if (!xml) throw notFound(m['flow.instance.notFound'], { id: instanceId });
  const { rows: flow } = await sql<{ historyActivityId: string; historyActivityType: string; endTime: Date | null }>`
    select activity_id as "historyActivityId", activity_type as "historyActivityType", end_time as "endTime"
    from flow_activity where tenant_id = ${tenantId} and instance_id = ${instanceId} order by id`.execute(trx);
  return { xml, flow };
}

const UNITS: Record<Locale, [string, string, string, string]> = {
  'zh-CN': ['天', '小时', '分', '秒'],
  'en-US': ['d ', 'h ', 'm ', 's'],
};

/** A duration as BladeX's secondToTime writes it: 1天2小时3分4秒 (1d 2h 3m 4s), leading zeros left out. */
export function duration(millis: number, locale: Locale): string {
  let seconds = Math.max(0, Math.round(millis / 1000));
  const parts = [86400, 3600, 60, 1].map((unit) => {
    const value = Math.floor(seconds / unit);
    seconds -= value * unit;
    return value;
  });
  const first = parts.findIndex((p) => p > 0);
  const from = first === -1 ? 3 : first;
  return parts
    .slice(from)
    .map((value, i) => `${value}${UNITS[locale][from + i]}`)
    .join('')
    .trim();
}
