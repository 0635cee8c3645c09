import { z } from 'zod';
import { optional, requiredText, updateOf } from '../../../platform/http/fields.ts';
import { idSchema, isId, parentIdSchema } from '../../../platform/http/ids.ts';
import { pageQuerySchema } from '../../../platform/http/query.ts';
import { dictMessages as m } from './messages.ts';

// Keys are text, but clients written for BladeX may send them as numbers.
const dictKeySchema = z
  .union([z.string(), z.number()], { error: m['dict.dictKey.required'] })
  .transform((v) => String(v).trim())
  .pipe(requiredText(m['dict.dictKey.required'], 255));

// Integers may come as numbers or as numeric text (as Java's binding accepts them).
const fromNumericText = (pattern: RegExp) => (v: unknown) =>
  typeof v === 'string' && pattern.test(v.trim()) ? Number(v) : v;

const sortSchema = z.preprocess(
  fromNumericText(/^-?\d{1,10}$/),
  z.int32({ error: (issue) => (issue.code === 'invalid_type' ? m['dict.sort.required'] : undefined) }),
);

const isSealedSchema = z.preprocess(
  fromNumericText(/^[01]$/),
  z.union([z.literal(0), z.literal(1)], { error: m['dict.isSealed.required'] }),
);

const shared = {
  dictValue: requiredText(m['dict.dictValue.required'], 255),
  sort: sortSchema,
  // BladeX's forms never send it: left out (or ""), an insert takes the column's default, 0.
  isSealed: optional(isSealedSchema),
  remark: z.string().trim().max(255).nullish(),
};

/** A dictionary (a root row: parent 0, key '-1') as its form submits it (spec §3, §5). */
export const dictRootInput = z.object({
  code: requiredText(m['dict.code.required'], 255),
  parentId: parentIdSchema.optional(),
  ...shared,
});

/** An item of a dictionary: it needs a key, and takes its code from its parent. */
export const dictItemInput = z.object({
  parentId: parentIdSchema.optional(),
  dictKey: dictKeySchema,
  ...shared,
});

export type DictRootInput = z.infer<typeof dictRootInput>;
export type DictItemInput = z.infer<typeof dictItemInput>;

/**
 * What the submit route reads before it knows whether a root or an item is meant: either's fields,
 * each optional here (the service checks the one meant, as an insert or an update).
 */
export const dictSubmitBody = updateOf(dictRootInput)
  .extend(updateOf(dictItemInput).shape)
  .extend({ id: optional(idSchema) })
  .loose();
export type DictSubmitBody = z.infer<typeof dictSubmitBody>;

export const dictPageQuery = pageQuerySchema.loose();
/** `list`: BladeX's filters (suffix operators over the fields); paging keys are read and ignored. */
export const dictListQuery = z.looseObject({});
export type DictPageQuery = z.infer<typeof dictPageQuery>;

export const childListQuery = pageQuerySchema.loose().extend({
  parentId: z.string({ error: m['dict.parentId.required'] }).trim().refine(isId, { error: 'error.validation.invalid' }),
});

/** `code` of tree, dictionary and dictionary-tree: optional for the tree, required for the others. */
export const optionalCodeQuery = z.looseObject({ code: z.string().trim().max(255).optional() });
export const codeQuery = z.looseObject({ code: requiredText(m['dict.code.required'], 255) });
