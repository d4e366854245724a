import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../../common/errors';
import type { Db } from '../../db/client';
import { imageOriginal, imageVariant, isImageSize } from './service';

const params = z.object({ key: z.string(), file: z.string() });

/** RFC 9110: If-None-Match compares weakly and may list several tags, or '*'. */
function matchesAny(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim().replace(/^W\//, '');
    return t === '*' || t === etag;
  });
}

/**
 * GET /app/img/<key>/<size>.webp, or full.webp for the image as stored (a receipt read full size).
 * An image never changes under its key (a new picture is a new key), so browsers may keep it for a
 * year without asking again.
 */
export const imageRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/:key/:file', { schema: { params } }, async (request, reply) => {
    const size = /^(\d{1,5}x\d{1,5}|full)\.webp$/.exec(request.params.file)?.[1];
    if (!size || (size !== 'full' && !isImageSize(size))) throw new DomainError('not_found');
    const variant =
      size === 'full' ? await imageOriginal(db, request.params.key) : await imageVariant(db, request.params.key, size as Parameters<typeof imageVariant>[2]);
    if (!variant) throw new DomainError('not_found');
    const etag = `"${variant.etag}"`;
    reply.header('etag', etag).header('cache-control', 'public, max-age=31536000, immutable');
    if (matchesAny(request.headers['if-none-match'], etag)) return reply.status(304).send();
    return reply.type('image/webp').send(variant.data);
  });
};
