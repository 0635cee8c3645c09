import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const YEAR = 365 * 24 * 3600;

/**
 * Serves the built web client: hashed assets cached for a year, index.html never cached, and
 * index.html for every other GET that is not an API path (client routes such as /login). Files go
 * out as the build precompressed them (`.br`, `.gz`, web/build/precompress.ts), by Accept-Encoding.
 * Answers false when there is no build to serve.
 */
export async function registerWebClient(app: FastifyInstance, distDir: string): Promise<boolean> {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) return false;
  await app.register(fastifyStatic, {
    root: distDir,
    // One route for every file (a missing one falls to the not-found handler, which sends the page for a client
    // route): one route per built file, GET and HEAD, made ~850 routes whose compiling took a quarter of a start.
    wildcard: true,
    index: 'index.html',
    preCompressed: true,
    setHeaders(res, filePath) {
      const hashed = filePath.startsWith(path.join(distDir, 'assets') + path.sep);
      res.header('cache-control', hashed ? `public, max-age=${YEAR}, immutable` : 'no-cache');
    },
  });
  return true;
}

export function isClientRoute(request: FastifyRequest): boolean {
  const pathname = request.url.split('?')[0] ?? '';
  const isFile = /\.[a-z0-9]+$/i.test(pathname); // a missing file stays a 404, not the page
  const isApi = pathname === '/api' || pathname.startsWith('/api/');
  return (request.method === 'GET' || request.method === 'HEAD') && !isApi && !isFile;
}

export function sendIndex(reply: FastifyReply) {
  return reply.header('cache-control', 'no-cache').sendFile('index.html');
}
