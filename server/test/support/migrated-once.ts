import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrations } from '../../src/migrations/index.ts';
import { openDatabase } from '../../src/platform/db/database.ts';
import { migrate } from '../../src/platform/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The file of a migrated PGlite's data folder (a tarball), which each test file's database starts from. */
    pgliteImage: string;
    /** A migrated PostgreSQL database, the template of each test file's database. */
    postgresTemplate: string;
  }
}

/**
 * Vitest's global setup of a project on a database: the migrations run once per run, and each test
 * file's fresh database (support/database.ts) is a copy of that migrated one. Migrating PGlite from
 * scratch took 2.9 s a file here (most of it its initdb), a copy 0.8 s; PostgreSQL 0.8 s a file.
 */
export default async function migrateOnce(project: TestProject) {
  const kind = project.config.env?.TEST_DB;
  if (kind === 'pglite') return provideImage(project);
  if (kind === 'postgres') return provideTemplate(project);
}

async function provideImage(project: TestProject) {
  const database = await openDatabase({ memory: true });
  await migrate(database.db, migrations);
  const image = await database.image?.();
  await database.close();
  if (!image) throw new Error('PGlite gave no image of its data folder');
  const file = path.join(os.tmpdir(), `cw-migrated-${process.pid}-${project.name}.tar`);
  fs.writeFileSync(file, Buffer.from(await image.arrayBuffer()));
  project.provide('pgliteImage', file);
  return () => fs.rmSync(file, { force: true });
}

async function provideTemplate(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const { name, url } = await createDatabase(serverUrl, 'cw_template');
  const database = await openDatabase({ url });
  await migrate(database.db, migrations);
  // a template takes no connections while it is copied
  await database.close();
  project.provide('postgresTemplate', name);
  return () => onServer(serverUrl, `drop database if exists ${name} with (force)`);
}

/** A new database on the server, named with `prefix` and a random part, copied from `template` when given. */
export async function createDatabase(serverUrl: string, prefix: string, template?: string) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

/** One statement on the server's maintenance connection (databases are created and dropped there). */
export async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
