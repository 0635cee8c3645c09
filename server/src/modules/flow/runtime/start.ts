import { sql } from 'kysely';
import { nextId } from '../../../platform/db/snowflake.ts';
import { badRequest, notFound } from '../../../platform/http/errors.ts';
import type { Caller } from '../../../platform/tenancy/context.ts';
import type { AnyTrx } from '../../../platform/tenancy/tenant-db.ts';
import { taskUser } from '../assignment.ts';
import { businessOf } from '../business.ts';
import { type DefinitionRow, latestDefinitionId, requireDefinition } from '../definitions.ts';
import type { FlowVariables } from '../engine/expression.ts';
import { initiatorOf, startEngine } from '../engine/step.ts';
import { flowMessages as m } from '../messages.ts';
import { endActivityOf, writeStep } from './record.ts';

export interface StartInput {
  /** A definition by id (any live version), or the latest version of `key`. */
  definitionId?: string;
  key?: string;
  /** `table:id` of the record the process is about (BladeX's businessKey). */
  businessKey?: string | null;
  variables?: FlowVariables;
}

export interface Started {
  instanceId: string;
  definition: DefinitionRow;
  ended: boolean;
}

/**
 * Starts a process in the caller's tenant, in the caller's transaction: the engine runs to the first
 * user tasks (or the end), then the instance, its tasks and its history are written. A suspended
 * definition is refused; so is a step that fails (a condition, a task nobody may do), and nothing
 * is written.
 */
export async function startProcess(trx: AnyTrx, caller: Caller, input: StartInput): Promise<Started> {
  const tenantId = caller.tenantId;
  const id = input.definitionId ?? (input.key ? await latestDefinitionId(trx, tenantId, input.key) : null);
  if (!id) throw notFound(m['flow.definition.notFound'], { id: input.key ?? '' });
  const definition = await requireDefinition(trx, tenantId, id);
  if (definition.suspensionState !== 1) {
    throw badRequest(m['flow.definition.suspended'], { name: definition.name ?? definition.key });
  }
  const engineDefinition = { id: definition.id, xml: definition.xml };
  const variables: FlowVariables = { ...input.variables };
  const initiator = await initiatorOf(engineDefinition);
  if (initiator) variables[initiator] = taskUser(caller.userId);
  const result = await startEngine(engineDefinition, variables);
  const instanceId = nextId();
  const now = new Date();
  await sql`
    insert into flow_instance (id, tenant_id, definition_id, business_key, name, start_user_id, start_time, end_time,
                               end_activity_id, variables, state, engine_version)
    values (${instanceId}, ${tenantId}, ${definition.id}, ${input.businessKey ?? null},
            ${definition.name ?? definition.key}, ${caller.userId}, ${now}, ${result.ended ? now : null},
            ${endActivityOf(result)}, ${JSON.stringify(variables)}::jsonb, ${JSON.stringify(result.state)}::jsonb,
            ${result.engineVersion})`.execute(trx);
  const scope = { trx, tenantId, instanceId, definitionId: definition.id, startUserId: caller.userId, variables };
  await writeStep(scope, result, now);
  const business = result.ended ? businessOf(input.businessKey) : null;
  if (business?.hooks.onEnd) {
    await business.hooks.onEnd(trx, caller, {
      instanceId,
      businessId: business.id,
      pass: typeof variables.pass === 'boolean' ? variables.pass : undefined,
      comment: null,
    });
  }
  return { instanceId, definition, ended: result.ended };
}
