import { PassThrough, type Readable } from 'node:stream';
import { ZipStream } from '../../../platform/xlsx/zip-stream.ts';
import type { GeneratedFile } from './generator/index.ts';

/**
 * The generated files as one ZIP archive, made in memory and streamed to the client: nothing is
 * written on the server's disk (BladeX writes under its api and web paths; see docs/decisions.md).
 * Paths are built from checked identifiers only, so no entry can leave the folder it is unpacked in.
 */
export function archiveOf(files: readonly GeneratedFile[]): Readable {
  const out = new PassThrough();
  const zip = new ZipStream(out);
  for (const file of files) zip.addFile(file.filePath, file.code);
  zip.finish();
  return out;
}

/**
 * The files of several records in one archive: each record's own, the migrations numbered one
 * after another (`generate` takes the offset), and their READMEs as one.
 */
export function mergeGenerated(sets: readonly GeneratedFile[][]): GeneratedFile[] {
  const readme = sets.map((files) => files.find((f) => f.filePath === 'README.md')?.code ?? '').join('\n---\n\n');
  return [
    { filePath: 'README.md', code: readme },
    ...sets.flatMap((files) => files.filter((f) => f.filePath !== 'README.md')),
  ];
}
