import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eventIdParams } from '../../../common/contract/common';
import { eventExport, exportCsvQuery, importBody, importPreview, importPreviewBody, importResult } from '../../../common/contract/transfer';
import type { Db } from '../../db/client';
import { BODY_LIMITS } from '../../lib/body-limits';
import type { Clock } from '../../lib/clock';
import { userIdOf } from '../../plugins/auth';
import { accountExport } from './account-export';
import { exportEventCsv, exportEventJson } from './export';
import { importEvent, previewImport } from './import';

/** A download's file name: the event's, in any script, with an ASCII stand-in for old clients (RFC 6266). */
function attachment(name: string, extension: string): string {
  const plain = name.replace(/[^\w .-]/g, '').trim() || 'event';
  return `attachment; filename="${plain}.${extension}"; filename*=UTF-8''${encodeURIComponent(`${name || 'event'}.${extension}`)}`;
}

export const transferRoutes: FastifyPluginAsyncZod<{ db: Db; now: Clock }> = async (app, { db, now }) => {
  const auth = { onRequest: app.authenticate };
  app.get('/event/:id/export/', { ...auth, schema: { params: eventIdParams, response: { 200: eventExport } } }, async (request, reply) => {
    const data = await exportEventJson(db, userIdOf(request), request.params.id, now());
    void reply.header('content-disposition', attachment(data.event.event_name, 'json'));
    return data;
  });
  app.get(
    '/event/:id/export/csv/',
    {
      ...auth,
      schema: {
        params: eventIdParams,
        querystring: exportCsvQuery,
        response: { 200: z.string().describe('text/csv: one row per operation, a column per person, a closing Total balance row') },
      },
    },
    async (request, reply) => {
      const { name, csv } = await exportEventCsv(db, userIdOf(request), request.params.id, request.query.lang, now());
      return reply.type('text/csv; charset=utf-8').header('content-disposition', attachment(name, 'csv')).send(csv);
    },
  );
  app.get(
    '/user/me/export/',
    {
      ...auth,
      schema: {
        response: {
          200: z
            .unknown()
            .describe('application/json, streamed: { format: "dolya.account", profile, contacts, events: [event exports], pictures: { url: data URL } }'),
        },
      },
    },
    async (request, reply) => {
      const at = now();
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', attachment(`dolya-account-${at.toISOString().slice(0, 10)}`, 'json'))
        .header('cache-control', 'no-store')
        .send(Readable.from(accountExport(db, userIdOf(request), at)));
    },
  );
  app.post(
    '/import/preview/',
    { ...auth, bodyLimit: BODY_LIMITS.importFile, schema: { body: importPreviewBody, response: { 200: importPreview } } },
    async (request) => previewImport(db, userIdOf(request), request.body, now()),
  );
  app.post('/import/', { ...auth, bodyLimit: BODY_LIMITS.importFile, schema: { body: importBody, response: { 201: importResult } } }, async (request, reply) =>
    reply.status(201).send(await importEvent(db, userIdOf(request), request.body, now())),
  );
};
