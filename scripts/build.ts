import { buildAll } from './builds.ts';

// `npm run build`: the web client, then the server.
buildAll();
