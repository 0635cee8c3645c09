import { z } from 'zod';
import { int, optional, requiredText } from '../../../platform/http/fields.ts';
import { regionMessages as m } from './messages.ts';

/** The parent code of a top-level region (a province): the country. */
export const ROOT_CODE = '00';

/** A region code: digits, as the national division codes are; 00 is the root every province hangs from. */
export const regionCode = z
  .union([z.string(), z.number().int().nonnegative()], {
    error: (issue) => (issue.code === 'invalid_union' ? m['region.code.required'] : undefined),
  })
  .transform((v) => String(v).trim())
  .refine((v) => v !== '', { error: m['region.code.required'], abort: true })
  .refine((v) => /^\d{1,12}$/.test(v) && v !== ROOT_CODE, { error: m['region.code.format'] });

/** A parent code; empty or absent means the root. */
const parentCode = z
  .union([z.string(), z.number().int().nonnegative(), z.null()])
  .transform((v) => (v === null ? '' : String(v).trim()))
  .refine((v) => /^\d{0,12}$/.test(v), { error: 'error.validation.invalid' })
  .transform((v) => (v === '' ? ROOT_CODE : v));

/**
 * A region as the form submits it. The code is the key: submit updates the region when the code
 * exists, else inserts it (as BladeX). Ancestors, level and the province...village columns are
 * computed from the parent chain, never taken from the body.
 */
export const regionInput = z.object({
  code: regionCode,
  parentCode: parentCode.optional(),
  name: requiredText(m['region.name.required'], 32),
  sort: optional(int(0, 999_999)),
  remark: z.string().trim().max(255).nullish(),
});
export type RegionInput = z.infer<typeof regionInput>;

/** An update sends the code and the fields it changes. */
export const regionUpdate = regionInput.partial().extend({ code: regionCode });
export type RegionUpdate = z.infer<typeof regionUpdate>;

export const regionSubmitBody = regionUpdate.loose();

export const regionCodeQuery = z.object({ code: regionCode });
/** `remove?id=`: BladeX names the region's code `id` here. */
export const regionRemoveQuery = z.object({ id: regionCode });
const regionSearch = {
  code: z.string().trim().max(12).optional(),
  name: z.string().trim().max(32).optional(),
};
export const regionLazyTreeQuery = z.object({ parentCode: parentCode.default(ROOT_CODE), ...regionSearch });
/** `lazy-list`: no parent and a search looks through every level; no parent and no search is the root's level. */
export const regionLazyListQuery = z.object({ parentCode: parentCode.optional(), ...regionSearch });

/** `select?code=`: the parent's code, 00 (the root) when absent or empty, as BladeX's default. */
export const regionSelectQuery = z.object({
  code: z
    .string()
    .trim()
    .max(12)
    .regex(/^\d*$/, { error: 'error.validation.invalid' })
    .optional()
    .transform((v) => v || ROOT_CODE),
});

/** `export-region`: the list's filters (equality on each given field). */
export const regionExportQuery = z.looseObject({});

const text = z.string().nullable();
/** A region as the API answers it (BladeX Region; `level` is SpringBlade's name of `regionLevel`). */
export const regionSchema = z.object({
  code: z.string(),
  parentCode: text,
  ancestors: text,
  name: z.string(),
  provinceCode: text,
  provinceName: text,
  cityCode: text,
  cityName: text,
  districtCode: text,
  districtName: text,
  townCode: text,
  townName: text,
  villageCode: text,
  villageName: text,
  regionLevel: z.number().int().nullable(),
  level: z.number().int().nullable(),
  sort: z.number().int(),
  remark: text,
});

/** A region as detail, submit, save and update answer it: with its parent's name (null for a province). */
export const regionRecordSchema = regionSchema.extend({ parentName: text });
