import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answers } from '../../../platform/http/envelope.ts';
import { translate } from '../../../platform/i18n/i18n.ts';
import { definitionPage } from '../manager/lists.ts';
import { flowMessages as m } from '../messages.ts';
import { claimTask } from '../runtime/claim.ts';
import { completeTask } from '../runtime/complete.ts';
import { deleteTask } from '../runtime/delete-task.ts';
import { bladeFlowPageSchema, flowProcessPageSchema } from '../wire.ts';
import { sentPage, type TaskList, taskPage } from './lists.ts';
import { claimQuery, completeBody, deleteTaskQuery, startListQuery, workListQuery } from './schema.ts';

const PREFIX = '/api/blade-flow/work';
const tags = ['blade-flow/work'];
const menu = (code: string, buttons: string[]) => [code, ...buttons.map((b) => `${code}_${b}`)];

const TASK_LISTS: [TaskList, string, string[], string][] = [
  ['claim', 'work_claim', ['sign', 'detail', 'follow'], 'Tasks the caller may claim (candidate by user or role)'],
  ['todo', 'work_todo', ['handle', 'detail', 'follow'], 'Open tasks assigned to the caller'],
  ['done', 'work_done', ['detail', 'follow'], 'Tasks the caller completed'],
];

/** `/api/blade-flow/work`: the caller's work lists, claiming and completing tasks. */
export function registerWorkRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    `${PREFIX}/start-list`,
    {
      config: { access: { permission: menu('work_start', ['flow', 'image']) } },
      schema: {
        tags,
        operationId: 'flowWorkStartList',
        summary: 'Processes the caller may start: the latest active version of each key',
        querystring: startListQuery,
        response: answers(flowProcessPageSchema, 400),
      },
    },
    async (request, reply) => {
      const { category, current, size } = request.query;
      const tenantId = request.ctx.caller!.tenantId;
      return reply.ok(
        await request.inTenant((trx) =>
          definitionPage(trx, tenantId, { category, startable: true }, { current, size }),
        ),
      );
    },
  );

  for (const [list, code, buttons, summary] of TASK_LISTS) {
    api.get(
      `${PREFIX}/${list}-list`,
      {
        config: { access: { permission: menu(code, buttons) } },
        schema: {
          tags,
          operationId: `flowWork${list[0]!.toUpperCase()}${list.slice(1)}List`,
          summary,
          querystring: workListQuery,
          response: answers(bladeFlowPageSchema, 400),
        },
      },
      async (request, reply) =>
        reply.ok(await request.inTenant((trx) => taskPage(trx, request.ctx.caller!, list, request.query))),
    );
  }

  api.get(
    `${PREFIX}/send-list`,
    {
      config: { access: { permission: menu('work_send', ['detail', 'follow']) } },
      schema: {
        tags,
        operationId: 'flowWorkSendList',
        summary: 'Process instances the caller started, each with its latest task',
        querystring: workListQuery,
        response: answers(bladeFlowPageSchema, 400),
      },
    },
    async (request, reply) =>
      reply.ok(await request.inTenant((trx) => sentPage(trx, request.ctx.caller!, request.query))),
  );

  api.post(
    `${PREFIX}/claim-task`,
    {
      config: { access: { permission: 'work_claim_sign' } },
      schema: {
        tags,
        operationId: 'flowWorkClaimTask',
        summary: 'Claims a task: exactly one of several simultaneous claims wins, the others get 409',
        querystring: claimQuery,
        response: answers(z.null(), 400, 403, 404, 409),
      },
    },
    async (request, reply) => {
      await request.inTenant((trx) => claimTask(trx, request.ctx.caller!, request.query.taskId));
      return reply.ok(null, m['flow.task.claimedOk']);
    },
  );

  api.post(
    `${PREFIX}/complete-task`,
    {
      config: { access: { permission: 'work_todo_handle' } },
      schema: {
        tags,
        operationId: 'flowWorkCompleteTask',
        summary: 'Completes a task assigned to the caller with a decision, a comment and variables',
        body: completeBody,
        response: answers(z.null(), 400, 403, 404, 409),
      },
    },
    async (request, reply) => {
      const { taskId, processInstanceId, flag, comment, variables } = request.body;
      const locale = request.ctx.locale;
      // BladeX: `flag: 'ok'` approves; without a flag, the comment 同意 does.
      const pass = flag ? flag === 'ok' : comment === translate('zh-CN', m['flow.comment.pass']);
      const text = comment || translate(locale, pass ? m['flow.comment.pass'] : m['flow.comment.reject']);
      await request.inTenant((trx) =>
        completeTask(trx, request.ctx.caller!, {
          taskId,
          processInstanceId,
          pass,
          comment: text,
          variables: variables ?? undefined,
        }),
      );
      return reply.ok(null);
    },
  );

  // Who may end another's work: the one who may end processes (流程跟踪's delete), as follow's delete.
  api.post(
    `${PREFIX}/delete-task`,
    {
      config: { access: { permission: 'flow_follow_delete' } },
      schema: {
        tags,
        operationId: 'flowWorkDeleteTask',
        summary: 'Deletes a task: as Flowable, never one of a running process (400 says to end the instance)',
        querystring: deleteTaskQuery,
        response: answers(z.null(), 400, 403, 404, 409),
      },
    },
    async (request) => {
      await request.inTenant((trx) => deleteTask(trx, request.ctx.caller!, request.query.taskId));
    },
  );
}
