import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { crossRateQuery, crossRateResponse, currencyListQuery, currencyListResponse } from '../../../common/contract/currency';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { userIdOf } from '../../plugins/auth';
import { seedRatesIfEmpty } from './rates-seed';
import { crossRateOn, listCurrencies } from './service';

/** The interface language: `?lang=`, else the first of en/ru in Accept-Language, else English. */
export function localeOf(request: FastifyRequest, lang?: 'en' | 'ru'): 'en' | 'ru' {
  if (lang) return lang;
  const header = String(request.headers['accept-language'] ?? '').toLowerCase();
  const ru = header.indexOf('ru');
  const en = header.indexOf('en');
  if (ru >= 0 && (en < 0 || ru < en)) return 'ru';
  return 'en';
}

export const currencyRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  // First start: the bundled rate history goes in before the first request can need it.
  const started = Date.now();
  const loaded = await seedRatesIfEmpty(db);
  if (loaded > 0) app.log.info(`loaded ${loaded} bundled exchange rates in ${Date.now() - started} ms`);

  app.get(
    '/currency/',
    { onRequest: app.authenticate, schema: { querystring: currencyListQuery, response: { 200: currencyListResponse } } },
    async (request) => {
      const [me] = await db
        .select({ currency: users.currency })
        .from(users)
        .where(eq(users.id, userIdOf(request)));
      return listCurrencies(db, me?.currency?.trim() ?? 'RUB', localeOf(request, request.query.lang));
    },
  );

  app.get(
    '/currency/rate/',
    { onRequest: app.authenticate, schema: { querystring: crossRateQuery, response: { 200: crossRateResponse } } },
    async (request) => {
      const { from, to, date } = request.query;
      return crossRateOn(db, from, to, date ?? new Date().toISOString().slice(0, 10));
    },
  );
};
