import path from 'node:path';
import { z } from 'zod';
import { type Sm2KeyPair, sm2KeyPairOf } from './platform/auth/sm2.ts';
import { DEFAULT_TIME_ZONE, isTimeZone } from './platform/time/zone.ts';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const postgresUrl = z
  .string()
  .refine((v) => /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// or postgresql:// URL');

const redisUrl = z.string().refine((v) => /^rediss?:\/\//.test(v), 'must be a redis:// or rediss:// URL');

/** Every setting of the server, read from the environment once. Nothing else reads process.env. */
const settingsSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: postgresUrl.optional(),
  REDIS_URL: redisUrl.optional(),
  ADMIN_PASSWORD: z.string().min(6, 'must be at least 6 characters').max(64).optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  API_DOCS: flag.default(false),
  TOKEN_HEADER: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9-]*$/, 'must be an HTTP header name')
    .default('Blade-Auth'),
  TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  WEB_DIST: z.string().min(1).optional(),
  UPLOAD_MAX_MB: z.coerce.number().int().min(1).max(1024).default(20),
  UPLOAD_DAILY_MB: z.coerce.number().int().min(1).max(1_048_576).default(500),
  DEMO_DATA: flag.optional(),
  FACE_MATCH_THRESHOLD: z.coerce.number().gt(0).max(2).default(0.5),
  REPORT_PDF_FONT: z.string().min(1).optional(),
  REPORT_PDF_FONT_FAMILY: z.string().min(1).optional(),
  REPORT_SQL_TIMEOUT_S: z.coerce.number().int().min(1).max(3600).default(15),
  TENANT_MOVE_BATCH_ROWS: z.coerce.number().int().min(1).max(1_000_000).default(50_000),
  SM2_PUBLIC_KEY: z.string().optional(),
  SM2_PRIVATE_KEY: z.string().optional(),
  TIME_ZONE: z.string().refine(isTimeZone, 'must be an IANA time zone, e.g. Asia/Shanghai').default(DEFAULT_TIME_ZONE),
});

/** SM2_PRIVATE_KEY, with SM2_PUBLIC_KEY or without (derived): a key pair of the SM2 curve. Messages name no key. */
function sm2Setting(privateKey: string | undefined, publicKey: string | undefined): Sm2KeyPair | undefined {
  const invalid = (name: string, message: string) => new ConfigError(`Invalid settings:\n  ${name}: ${message}`);
  if (privateKey === undefined) {
    if (publicKey !== undefined) throw invalid('SM2_PRIVATE_KEY', 'must be given with SM2_PUBLIC_KEY');
    return undefined;
  }
  const read = (name: string, given?: string) => {
    try {
      return sm2KeyPairOf(privateKey, given);
    } catch (error) {
      throw invalid(name, (error as Error).message);
    }
  };
  const pair = read('SM2_PRIVATE_KEY');
  return publicKey === undefined ? pair : read('SM2_PUBLIC_KEY', publicKey);
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  adminPassword: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  apiDocs: boolean;
  tokenHeader: string;
  /** Signs tokens when given; otherwise a secret generated at the first start is kept in the database. */
  tokenSecret: string | undefined;
  /** The built web client; served at / when the folder exists. */
  webDist: string;
  /** The largest file an upload may carry, in MiB; stored files live in `dataDir/files`. */
  uploadMaxMb: number;
  /** What one user may upload in 24 hours, in MiB (stored files, counted from their attach rows). */
  uploadDailyMb: number;
  /** Seed the demo tenant on the first start; by default only on the embedded database. */
  demoData: boolean;
  /** Face recognition: the largest descriptor distance that still counts as the same person. */
  faceMatchThreshold: number;
  /** The font of report PDFs (a .ttc with its family): by default Noto Sans SC from npm. */
  reportPdfFont: { path: string; family?: string } | undefined;
  /** How long a report's SQL dataset may run. */
  reportSqlTimeoutS: number;
  /** Rows a tenant's move between databases copies per batch (issue 24). */
  tenantMoveBatchRows: number;
  /** The SM2 key pair SpringBlade clients encrypt passwords with; else one generated and kept in the database. */
  sm2: Sm2KeyPair | undefined;
  /** The wall clock of every date on the wire, in exports and in reports' days (platform/time/zone.ts). */
  timeZone: string;
}

export class ConfigError extends Error {}

/** Reads the settings; an invalid one throws a ConfigError naming it. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable counts as unset, as in most twelve-factor tools.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = settingsSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${String(i.path[0])}: ${i.message}`);
    throw new ConfigError(`Invalid settings:\n${lines.join('\n')}`);
  }
  const s = parsed.data;
  return {
    port: s.PORT,
    host: s.HOST,
    dataDir: path.resolve(s.DATA_DIR),
    databaseUrl: s.DATABASE_URL,
    redisUrl: s.REDIS_URL,
    adminPassword: s.ADMIN_PASSWORD,
    logLevel: s.LOG_LEVEL,
    apiDocs: s.API_DOCS,
    tokenHeader: s.TOKEN_HEADER,
    tokenSecret: s.TOKEN_SECRET,
    webDist: path.resolve(s.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    uploadMaxMb: s.UPLOAD_MAX_MB,
    uploadDailyMb: s.UPLOAD_DAILY_MB,
    demoData: s.DEMO_DATA ?? !s.DATABASE_URL,
    faceMatchThreshold: s.FACE_MATCH_THRESHOLD,
    reportPdfFont: s.REPORT_PDF_FONT ? { path: s.REPORT_PDF_FONT, family: s.REPORT_PDF_FONT_FAMILY } : undefined,
    reportSqlTimeoutS: s.REPORT_SQL_TIMEOUT_S,
    tenantMoveBatchRows: s.TENANT_MOVE_BATCH_ROWS,
    sm2: sm2Setting(s.SM2_PRIVATE_KEY, s.SM2_PUBLIC_KEY),
    timeZone: s.TIME_ZONE,
  };
}
