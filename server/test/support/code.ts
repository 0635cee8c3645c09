import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import type { AnyDb } from '../../src/platform/tenancy/tenant-db.ts';

/**
 * A table to generate code for, as an administrator would have made it: a tenant column, text of
 * both lengths, a whole number, a decimal, a time, an id, comments in Chinese and with quotes.
 */
export async function createFixtureTable(db: AnyDb, table = 'cw_widget'): Promise<void> {
  await sql
    .raw(`
    create table ${table} (
      id bigint primary key,
      tenant_id varchar(12) not null,
      widget_name varchar(100) not null,
      widget_code varchar(32) not null,
      quantity int,
      unit_price numeric(12, 2),
      due_time timestamptz,
      owner_id bigint,
      remark text,
      create_user bigint,
      create_dept bigint,
      create_time timestamptz not null default now(),
      update_user bigint,
      update_time timestamptz not null default now(),
      status int not null default 1,
      is_deleted int not null default 0
    )`)
    .execute(db);
  await sql.raw(`comment on table ${table} is '小部件'`).execute(db);
  await sql.raw(`comment on column ${table}.widget_name is '部件名称'`).execute(db);
  // a comment that would end a string, a comment or a template if it were pasted into code
  await sql.raw(`comment on column ${table}.widget_code is 'Code ''x'' */ \${y} \\ "z"'`).execute(db);
  await sql.raw(`comment on column ${table}.quantity is '数量'`).execute(db);
}

/**
 * A platform-wide table (no tenant) whose only required column is a number: the generator's other
 * branches (a `platformOnly` resource, no required text, an empty message catalogue).
 */
export async function createPlatformFixtureTable(db: AnyDb): Promise<void> {
  await sql`
    create table cw_gadget (
      id bigint primary key,
      gadget_no int not null,
      weight numeric(8, 3),
      made_time timestamp,
      label varchar(20),
      create_user bigint,
      create_dept bigint,
      create_time timestamptz not null default now(),
      update_user bigint,
      update_time timestamptz not null default now(),
      status int not null default 1,
      is_deleted int not null default 0
    )`.execute(db);
}

/** A generator record's form for the fixture table. */
export const fixtureRecord = (extra: object = {}) => ({
  datasourceId: '0',
  codeName: '小部件',
  serviceName: 'blade-develop',
  tableName: 'cw_widget',
  tablePrefix: 'cw_',
  pkName: 'id',
  packageName: 'develop',
  baseMode: 2,
  wrapMode: 2,
  ...extra,
});

const ROOT = path.join(import.meta.dirname, '../../..');

/**
 * A copy of the repository's sources in a temporary folder (what typecheck, lint and the server's
 * tests read; node_modules linked, not copied), for generated files to be dropped into.
 */
export function copyOfTree(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-codegen-'));
  const copy = (part: string) => fs.cpSync(path.join(ROOT, part), path.join(dir, part), { recursive: true });
  for (const part of ['package.json', 'biome.json', 'server/package.json', 'server/tsconfig.json']) copy(part);
  for (const part of ['server/vitest.config.ts', 'server/src', 'server/test', 'web/package.json', 'web/tsconfig.json'])
    copy(part);
  for (const part of ['web/src', 'web/test', 'web/build', 'web/vite.config.ts']) copy(part);
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  fs.symlinkSync(path.join(ROOT, 'server/node_modules'), path.join(dir, 'server/node_modules'));
  return dir;
}

/** Writes the files where their paths say, under `dir`. */
export function writeFiles(dir: string, files: readonly { filePath: string; code: string }[]): void {
  for (const file of files) {
    const target = path.join(dir, file.filePath);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, file.code);
  }
}

/** Adds a line after the last line of `file` that matches `after`, as the generated README says to. */
export function addLine(file: string, after: RegExp, line: string): void {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const at = lines.findLastIndex((l) => after.test(l));
  if (at < 0) throw new Error(`no line of ${file} matches ${after}`);
  lines.splice(at + 1, 0, line);
  fs.writeFileSync(file, lines.join('\n'));
}

/** Runs a command of the repository's tools in `cwd`: its output, and whether it passed. */
export async function run(
  cwd: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ ok: boolean; output: string }> {
  const bin = path.join(ROOT, 'node_modules/.bin', command);
  return promisify(execFile)(bin, args, { cwd, env, maxBuffer: 32 * 1024 * 1024 }).then(
    (r) => ({ ok: true, output: r.stdout + r.stderr }),
    (e: { stdout?: string; stderr?: string }) => ({ ok: false, output: `${e.stdout ?? ''}${e.stderr ?? String(e)}` }),
  );
}
