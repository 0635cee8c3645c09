import { z } from 'zod';
import { flowMessages as m } from './messages.ts';

/** A definition id as this server makes them: `key:version:n` (Flowable's form). */
export const definitionIdSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z_][\w.-]{0,63}:\d{1,9}:[1-9]\d{0,18}$/, { error: 'error.validation.invalid' });

/** A process category (BladeX's `flow_1`: the `flow` dictionary's key 1). */
export const categorySchema = z
  .string({ error: m['flow.deploy.category'] })
  .trim()
  .min(1, { error: m['flow.deploy.category'], abort: true })
  .max(64)
  .regex(/^[\w-]+$/, { error: 'error.validation.invalid' });

/** `tenantIds=000000,888888` (BladeX), at most a hundred. */
export const tenantIdsSchema = z
  .string()
  .max(1300)
  .regex(/^[\w\s,-]*$/, { error: 'error.validation.invalid' })
  .optional();
