import { buildWebIfStale } from './web-build.ts';

// `npm start`: build the web client when its sources changed, then run the server, which serves it.
buildWebIfStale();
await import('../server/src/main.ts');
