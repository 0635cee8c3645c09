import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Univer is 1.5 MB compressed: it must come with the designer's first opening only (issue 22), which the
// build's chunks show (bench/web-first-load.ts measures the first load). This holds the source to it
// without a build: who imports Univer at run time, and how the designer's page is reached.
const src = path.resolve(import.meta.dirname, '../src');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.tsx?$/.test(e.name) ? [full] : [];
  });
}
const files = sources(src).map((file) => ({ name: path.relative(src, file), text: fs.readFileSync(file, 'utf8') }));

/** Static imports of a module (not `import type`, not the lazy `import(...)`). */
const importsOf = (text: string, module: RegExp) =>
  [...text.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'([^']+)';/gms)].filter(([, from]) => module.test(from ?? ''));

describe('Univer stays in the designer’s chunk', () => {
  it('is imported at run time by the sheet component alone', () => {
    const users = files.filter((f) => importsOf(f.text, /^@univerjs\//).length > 0).map((f) => f.name);
    expect(users).toEqual([path.join('components', 'report', 'univer', 'UniverSheet.tsx')]);
  });

  it('comes with the designer page, which is loaded lazily and by the report pages only', () => {
    const staticUsers = (module: RegExp) =>
      files.filter((f) => importsOf(f.text, module).length > 0).map((f) => f.name);
    expect(staticUsers(/\/UniverSheet\.tsx$/)).toEqual([path.join('components', 'report', 'designer', 'Designer.tsx')]);
    expect(staticUsers(/\/designer\/Designer\.tsx$/)).toEqual([
      path.join('pages', 'report', 'reportlist', 'ReportDesigner.tsx'),
    ]);
    expect(staticUsers(/ReportDesigner\.tsx$/)).toEqual([]);
    const lazy = files.filter((f) => f.text.includes("import('./ReportDesigner.tsx')")).map((f) => f.name);
    expect(lazy).toEqual([path.join('pages', 'report', 'reportlist', 'ReportSubPage.tsx')]);
  });
});
