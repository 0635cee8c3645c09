import { sql } from 'kysely';
import { expect } from 'vitest';
import { nextId } from '../../src/platform/db/snowflake.ts';
import type { Caller } from '../../src/platform/tenancy/context.ts';
import type { AnyDb } from '../../src/platform/tenancy/tenant-db.ts';
import { callerWithRole } from './factories.ts';
import { form } from './multipart.ts';
import type { TestApp } from './test-app.ts';

// The workflow through its endpoints, as the web client calls them, and readers of its tables.

type Headers = Record<string, string>;
export type Json = Record<string, unknown>;

/** The codes of everyone who works on processes: start, claim, handle, and read the lists. */
export const WORKER_CODES = [
  'work',
  'work_start',
  'work_start_flow',
  'work_claim',
  'work_claim_sign',
  'work_todo',
  'work_todo_handle',
  'work_send',
  'work_done',
];

/** A BPMN file around a process body (start event `start`), with the flowable namespace. */
export function bpmn(processId: string, body: string, name = processId): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" id="defs_${processId}" targetNamespace="http://test">
  <process id="${processId}" name="${name}" isExecutable="true">
    <startEvent id="start" />
    ${body}
  </process>
</definitions>`;
}

/** A user of the tenant holding a role that already exists (by alias), e.g. the seeded `manager`. */
export async function memberOf(db: AnyDb, tenantId: string, alias: string, account: string): Promise<Caller> {
  const { rows } = await sql<{ id: string }>`select id from blade_role
    where tenant_id = ${tenantId} and role_alias = ${alias} and is_deleted = 0`.execute(db);
  return callerWithRole(db, tenantId, `${account}-${nextId().slice(-6)}`, { id: rows[0]!.id, alias });
}

export function flowApi(t: TestApp, defaultHeaders: () => Headers = () => t.auth()) {
  const get = (url: string, as: Headers = defaultHeaders()) => t.app.inject({ url, headers: as });
  const post = (url: string, payload?: object, as: Headers = defaultHeaders()) =>
    t.app.inject({ method: 'POST', url, headers: as, ...(payload ? { payload } : {}) });
  const data = async (response: Promise<{ statusCode: number; body: string; json(): { data: unknown } }>) => {
    const res = await response;
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  return {
    get,
    post,
    /** deploy-upload of files (a BPMN text, or several named ones); answers the response. */
    async upload(files: string | { name: string; xml: string }[], fields: Json = {}, as = defaultHeaders()) {
      const list = typeof files === 'string' ? [{ name: 'process.bpmn20.xml', xml: files }] : files;
      const parts: Record<string, string | { bytes: string; name: string; type?: string }> = {
        category: 'flow_2',
        ...(fields as Record<string, string>),
      };
      list.forEach((f, i) => {
        parts[i ? `files${i}` : 'files'] = { bytes: f.xml, name: f.name, type: 'text/xml' };
      });
      const body = await form(parts);
      return t.app.inject({
        method: 'POST',
        url: '/api/blade-flow/manager/deploy-upload',
        headers: { ...as, ...body.headers },
        payload: body.payload,
      });
    },
    /** Deploys one BPMN and answers its definition. */
    async deploy(xml: string, fields: Json = {}, as = defaultHeaders()): Promise<Json> {
      const res = await this.upload(xml, fields, as);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as Json[])[0]!;
    },
    async leaveDefinition(as = defaultHeaders()): Promise<string> {
      const page = (await data(get('/api/blade-flow/work/start-list?category=flow_1', as))) as { records: Json[] };
      return String(page.records.find((r) => r.key === 'Leave')!.id);
    },
    /** Starts a leave request of `days` (from 2026-03-02 09:00) for the approver; answers the leave. */
    startLeave(definitionId: string, approverId: string, days: number, as = defaultHeaders()) {
      const start = new Date('2026-03-02T09:00:00+08:00');
      const end = new Date(start.getTime() + days * 86_400_000);
      return post(
        '/api/blade-desk/process/leave/start-process',
        {
          processDefinitionId: definitionId,
          startTime: start.toISOString(),
          endTime: end.toISOString(),
          reason: 'family',
          taskUser: approverId,
        },
        as,
      );
    },
    list: async (name: 'claim' | 'todo' | 'send' | 'done', as = defaultHeaders(), query = '') =>
      ((await data(get(`/api/blade-flow/work/${name}-list?size=100${query}`, as))) as { records: Json[] }).records,
    claim: (taskId: unknown, as = defaultHeaders()) =>
      post(`/api/blade-flow/work/claim-task?taskId=${taskId}`, undefined, as),
    complete: (taskId: unknown, body: Json = {}, as = defaultHeaders()) =>
      post('/api/blade-flow/work/complete-task', { taskId, flag: 'ok', ...body }, as),
    history: async (instanceId: unknown, as = defaultHeaders()) =>
      (await data(get(`/api/blade-flow/process/history-flow-list?processInstanceId=${instanceId}`, as))) as Json[],
    modelView: async (query: string, as = defaultHeaders()) =>
      (await data(get(`/api/blade-flow/process/model-view?${query}`, as))) as { xml: string; flow: Json[] },
  };
}

/** Everything the flow tables hold of an instance: a refused step must leave it exactly so. */
export async function instanceSnapshot(db: AnyDb, instanceId: unknown): Promise<string> {
  const id = String(instanceId);
  const read = async (query: ReturnType<typeof sql>) => (await query.execute(db)).rows;
  return JSON.stringify({
    instance: await read(sql`select * from flow_instance where id = ${id}`),
    tasks: await read(sql`select * from flow_task where instance_id = ${id} order by id`),
    activities: await read(sql`select * from flow_activity where instance_id = ${id} order by id`),
    comments: await read(sql`select * from flow_comment where instance_id = ${id} order by id`),
  });
}

/** The open tasks of an instance, by element id. */
export async function openTaskIds(db: AnyDb, instanceId: unknown): Promise<Record<string, string>> {
  const { rows } = await sql<{ key: string; id: string }>`select task_def_key as key, id::text from flow_task
    where instance_id = ${String(instanceId)} and end_time is null order by id`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.key, r.id]));
}
