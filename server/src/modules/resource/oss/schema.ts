import { z } from 'zod';
import { optional, requiredText } from '../../../platform/http/fields.ts';
import { idSchema } from '../../../platform/http/ids.ts';
import { ossMessages as m } from './messages.ts';

/** The `oss` dictionary's keys: BladeX's four S3-compatible services, and the local disk. */
export const OSS_CATEGORY = { minio: 1, qiniu: 2, ali: 3, tencent: 4, local: 5 } as const;
export type OssCategory = (typeof OSS_CATEGORY)[keyof typeof OSS_CATEGORY];

// The scheme and authority only: the SDK puts the bucket in the host name or the path itself.
const endpoint = z
  .string()
  .trim()
  .max(255)
  .refine(
    (value) => {
      if (!value) return true;
      try {
        const url = new URL(value);
        return (
          (url.protocol === 'http:' || url.protocol === 'https:') &&
          !url.username &&
          !url.password &&
          url.pathname === '/' &&
          !url.search &&
          !url.hash
        );
      } catch {
        return false;
      }
    },
    { error: m['oss.endpoint.invalid'] },
  )
  .transform((value) => value.replace(/\/+$/, ''))
  .nullish();

// S3's bucket naming rules (the strictest of the four services).
const bucketName = z
  .string()
  .trim()
  .max(63)
  .regex(/^$|^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: m['oss.bucketName.invalid'] })
  .nullish();

const category = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)], {
  error: m['oss.category.invalid'],
});

/**
 * An object storage configuration as its form sends it; the secret key in clear, sealed before it is
 * stored. Which fields an S3 service needs is checked with the stored record (service.ts), since an
 * update sends only what changed.
 */
export const ossInput = z.object({
  category,
  ossCode: requiredText(m['oss.ossCode.required'], 32).regex(/^[\w-]+$/, { error: m['oss.ossCode.invalid'] }),
  endpoint,
  bucketName,
  accessKey: z.string().trim().max(255).nullish(),
  secretKey: z.string().min(1).max(500).optional(),
  region: z
    .string()
    .trim()
    .max(64)
    .regex(/^[A-Za-z0-9-]*$/, { error: m['oss.region.invalid'] })
    .nullish(),
  appId: z.string().trim().max(255).nullish(),
  remark: z.string().trim().max(255).nullish(),
});

/** `oss/test`: a configuration's fields as the form holds them; with `id`, a blank secret means the saved one. */
export const ossTestInput = ossInput
  .pick({ category: true, endpoint: true, bucketName: true, accessKey: true, secretKey: true, region: true })
  .extend({ id: optional(idSchema) });
export type OssTestInput = z.infer<typeof ossTestInput>;
