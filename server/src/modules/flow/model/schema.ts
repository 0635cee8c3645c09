import { z } from 'zod';
import { optional, optionalText, requiredText, updateOf } from '../../../platform/http/fields.ts';
import { idListSchema, idSchema } from '../../../platform/http/ids.ts';
import { pageQuerySchema, pageSchema } from '../../../platform/http/query.ts';
import { MAX_BPMN_BYTES } from '../engine/bpmn.ts';
import { flowMessages as m } from '../messages.ts';
import { categorySchema, tenantIdsSchema } from '../schema.ts';

const modelKey = requiredText(m['flow.model.key.required'], 64).regex(/^[A-Za-z_][\w.-]*$/, {
  error: m['flow.model.key.invalid'],
});

/** A model as its form sends it: the BPMN XML the modeler saved, as text. */
export const modelInput = z.object({
  name: requiredText(m['flow.model.name.required'], 255),
  modelKey,
  description: optionalText(1000),
  modelEditorXml: z.string().max(MAX_BPMN_BYTES).nullish().describe('the BPMN 2.0 XML (a draft: checked on deploy)'),
});

export const modelSubmitBody = updateOf(modelInput)
  .extend({ id: optional(idSchema) })
  .loose();

export const modelListQuery = pageQuerySchema
  .extend({
    name: z.string().trim().max(255).optional(),
    modelKey: z.string().trim().max(64).optional(),
  })
  .loose();

export const modelRemoveQuery = z.object({ ids: idListSchema });
export const modelDetailQuery = z.object({ id: idSchema });
export const modelDeployQuery = z.object({ modelId: idSchema, category: categorySchema, tenantIds: tenantIdsSchema });

/** A model as BladeX's FlowModel answers it (ACT_DE_MODEL's names); `modelEditorXml` in detail and submit only. */
export const flowModelSchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  name: z.string(),
  modelKey: z.string(),
  description: z.string().nullable(),
  version: z.number().int(),
  modelType: z.number().int(),
  created: z.date(),
  lastUpdated: z.date(),
  createdBy: z.string().nullable(),
  lastUpdatedBy: z.string().nullable(),
  modelEditorXml: z.string().nullable().optional(),
});
export const flowModelPageSchema = pageSchema.extend({ records: z.array(flowModelSchema) });
