import { createHash } from 'node:crypto';
import { migrations } from '../../../../migrations/index.ts';
import type { SourceColumn } from '../schema.ts';
import { apiTest, apiTestPath } from './api-test.ts';
import { menuSeed, menuSeedPath } from './menu-seed.ts';
import { migration, migrationName } from './migration.ts';
import { buildModel, type CodeSpec } from './model.ts';
import { readme } from './readme.ts';
import { serverMessages, serverResource, serverRoutes } from './server-resource.ts';
import { serverSchema } from './server-schema.ts';
import { pageDir, webMessages, webPage } from './web-page.ts';

/** A generated file: its path from the repository's root, and its text. */
export interface GeneratedFile {
  filePath: string;
  code: string;
}

/**
 * Every file of one generator record over its table's columns: the server resource and its
 * migration, the web screen, the menu seed, an API test, and a README saying where each goes.
 * `key` (the record's id) draws the menu's ids; `offset` numbers the migration after those of other records generated with it. Throws a 400
 * naming what cannot be generated (model.ts).
 */
/**
 * The menu's ids, the same at every preview and download of one record: drawn from its id, above the
 * snowflake ids the server makes (under 2e18 for decades) and within a bigint.
 */
export function menuIds(key: string): string[] {
  return [0, 1, 2, 3, 4].map((i) => {
    const hash = BigInt(`0x${createHash('sha256').update(`${key}:${i}`).digest('hex').slice(0, 15)}`);
    return String((hash % 7_000_000_000_000_000_000n) + 2_000_000_000_000_000_000n);
  });
}

export function generateFiles(
  spec: CodeSpec,
  columns: readonly SourceColumn[],
  key: string,
  offset = 0,
): GeneratedFile[] {
  const model = buildModel(spec, columns);
  const name = migrationName(model, Object.keys(migrations).length + 1 + offset);
  const dir = `server/src/modules/${model.module}/${model.kebab}`;
  const files: GeneratedFile[] = [
    { filePath: `server/src/migrations/${name}.ts`, code: migration(model) },
    { filePath: `${dir}/schema.ts`, code: serverSchema(model) },
    { filePath: `${dir}/messages.ts`, code: serverMessages(model) },
    { filePath: `${dir}/resource.ts`, code: serverResource(model) },
    { filePath: `${dir}/routes.ts`, code: serverRoutes(model) },
    { filePath: menuSeedPath(model), code: menuSeed(model, menuIds(key)) },
    { filePath: apiTestPath(model), code: apiTest(model) },
    { filePath: `${pageDir(model)}/index.tsx`, code: webPage(model) },
    { filePath: `${pageDir(model)}/messages.ts`, code: webMessages(model) },
  ];
  return [{ filePath: 'README.md', code: readme(model, files, name) }, ...files];
}
