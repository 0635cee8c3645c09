import { buildServerIfStale, buildWebIfStale } from './builds.ts';

// Before `npm start` runs server/dist/main.js: build the web client and the server where their sources
// changed. It runs apart from the server, so the server's process never loads Node's type stripper.
buildWebIfStale();
buildServerIfStale();
