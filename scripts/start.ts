import { buildWebIfStale } from './web-build.ts';

// `npm start`: build the web client when its sources changed, then run the server, which serves it.
// (not for `npm start -- --print-sm2-public-key`, which prints a key and stops)
if (!process.argv.includes('--print-sm2-public-key')) buildWebIfStale();
await import('../server/src/main.ts');
