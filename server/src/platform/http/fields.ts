import { z } from 'zod';

/**
 * Text a form must fill: a missing, non-text or blank value answers `key` (a catalogue key such as
 * 'param.paramName.required'); a value that is too long keeps its own message.
 */
export const requiredText = (key: string, max: number) =>
  z
    .string({ error: (issue) => (issue.code === 'invalid_type' ? key : undefined) })
    .trim()
    .min(1, { error: key, abort: true })
    .max(max);

/** Text a form may leave empty. */
export const optionalText = (max: number) => z.string().trim().max(max).nullish();
