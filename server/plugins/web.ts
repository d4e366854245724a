import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_MESSAGES } from '../../common/errors';

/**
 * Serves the built web app with history-mode fallback: unknown API paths are JSON 404s, any
 * other unknown GET gets index.html and the app shows its own 404 page.
 */
export const webPlugin = fp(async (app: FastifyInstance, opts: { webDist: string }) => {
  const root = path.resolve(opts.webDist);
  const indexFile = path.join(root, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz next to each text asset; the one the browser accepts is sent.
      preCompressed: true,
      setHeaders(res, filePath) {
        // Hashed build assets never change; everything else is revalidated.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
      },
    });
  }
  // The static file glob skips dot-folders, and this file has no extension to infer a type from.
  const aasa = path.join(root, '.well-known', 'apple-app-site-association');
  app.get('/.well-known/apple-app-site-association', async (_request, reply) => {
    if (!fs.existsSync(aasa)) return reply.status(404).send({ error: ERROR_MESSAGES.not_found, code: 'not_found' });
    return reply.type('application/json').header('cache-control', 'no-cache').send(fs.readFileSync(aasa));
  });

  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url.startsWith('/app/api') || request.url.startsWith('/app/img');
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ error: ERROR_MESSAGES.not_found, code: 'not_found' });
  });
});
