import { createHash, randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { ERROR_MESSAGES } from '../common/errors';
import { FIRST_PAINT_SCRIPT } from '../common/first-paint';
import type { Config } from './config';
import type { Database } from './db/client';
import { BODY_LIMITS } from './lib/body-limits';
import { OneLineRequestLog } from './lib/request-log';
import { systemClock, type Clock } from './lib/clock';
import type { SmsSender } from './lib/sms';
import { authRoutes } from './modules/auth/routes';
import { contactsRoutes } from './modules/contacts/routes';
import { currencyRoutes } from './modules/currency/routes';
import { createRatesRefresher } from './modules/currency/refresher';
import { eventsRoutes } from './modules/events/routes';
import { configRoutes } from './modules/config/routes';
import { healthRoutes } from './modules/health/routes';
import { imageRoutes } from './modules/images/routes';
import { operationsRoutes } from './modules/operations/routes';
import { recurrencesRoutes } from './modules/recurrences/routes';
import { createUnfinishedImportSweeper } from './modules/transfer/unfinished-imports';
import { createRecurrenceScheduler } from './modules/recurrences/scheduler';
import { transferRoutes } from './modules/transfer/routes';
import { peopleRoutes } from './modules/people/routes';
import { userRoutes } from './modules/users/routes';
import { authPlugin } from './plugins/auth';
import { keptAnswersPlugin } from './plugins/kept-answers';
import { errorsPlugin } from './plugins/errors';
import { jsonBodyPlugin } from './plugins/json-body';
import { openApiPlugin } from './plugins/openapi';
import { securityHeadersPlugin } from './plugins/security-headers';
import { webPlugin } from './plugins/web';

export interface AppDeps {
  config: Config;
  database: Database;
  sms: SmsSender;
  /** Fastify logger options; tests pass false. */
  logger?: FastifyServerOptions['logger'];
  /** The time codes and rate-limit windows are measured by; tests pass their own. */
  now?: Clock;
  /** How a slowed-down sign-in waits; tests pass one that moves their clock instead. */
  sleep?: (ms: number) => Promise<void>;
}

/** The one inline script index.html carries, allowed by its hash and so by nothing else (common/first-paint.ts). */
const FIRST_PAINT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(FIRST_PAINT_SCRIPT).digest('base64')}'`;

/** The content security policy: no foreign scripts and no inline one but the first paint's, no framing, images from here and data URLs. */
const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", FIRST_PAINT_SCRIPT_SOURCE],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The caller's request id when it is a short token of safe characters, else a new one. */
export function requestIdOf(header: string | string[] | undefined): string {
  return typeof header === 'string' && SAFE_REQUEST_ID.test(header) ? header : randomUUID();
}

/** Builds the whole server without listening, so tests drive it through `inject`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    logController: new OneLineRequestLog(),
    trustProxy: deps.config.TRUST_PROXY,
    bodyLimit: BODY_LIMITS.default,
    // A request must arrive whole in time, headers within a third of it; Node checks its clients
    // every second, not every 30, so a slow one is cut close to its deadline.
    requestTimeout: deps.config.REQUEST_TIMEOUT_SECONDS * 1000,
    http: {
      headersTimeout: Math.ceil((deps.config.REQUEST_TIMEOUT_SECONDS * 1000) / 3),
      connectionsCheckingInterval: 1000,
    },
    // Idle keep-alive connections close at once on shutdown; busy ones get SHUTDOWN_SECONDS (main.ts).
    forceCloseConnections: 'idle',
    // A caller's X-Request-Id is kept only when it is a short plain token: it goes into every log
    // line and back in the answer, so 4 KB of HTML from a stranger must not.
    requestIdHeader: false,
    genReqId: (req) => requestIdOf(req.headers['x-request-id']),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // A malformed percent-encoding or an over-long path parameter is refused by the router before any
    // route or error handler runs; without this, Fastify answers in its own shape, not { error, code }.
    frameworkErrors: (err, _request, reply) =>
      (reply as FastifyReply).status(err.statusCode === 414 ? 414 : 400).send({ error: ERROR_MESSAGES.bad_request, code: 'bad_request' }),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });

  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    hsts: false,
    crossOriginEmbedderPolicy: false,
  });
  // API answers over 1 KB go out compressed (a people page or the currency list is tens of KB of
  // JSON); the web app's assets are compressed once at build time and sent as they are.
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(errorsPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(authPlugin, { db: deps.database.db, writes: deps.database.writes });
  await app.register(keptAnswersPlugin, { writes: deps.database.writes });
  await app.register(openApiPlugin);

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { prefix: '/v1', database: deps.database, now: deps.now ?? systemClock });
      await api.register(configRoutes, { prefix: '/v1', supportEmail: deps.config.SUPPORT_EMAIL, accessChecking: deps.config.ACCESS_CHECKING });
      await api.register(currencyRoutes, { prefix: '/v1', db: deps.database.db });
      await api.register(contactsRoutes, { prefix: '/v1', db: deps.database.db, now: deps.now ?? systemClock });
      await api.register(eventsRoutes, { prefix: '/v1', db: deps.database.db, accessChecking: deps.config.ACCESS_CHECKING });
      await api.register(operationsRoutes, { prefix: '/v1', db: deps.database.db });
      await api.register(recurrencesRoutes, { prefix: '/v1', db: deps.database.db });
      await api.register(peopleRoutes, { prefix: '/v1', db: deps.database.db, now: deps.now ?? systemClock });
      await api.register(transferRoutes, { prefix: '/v1', db: deps.database.db, now: deps.now ?? systemClock });
      await api.register(authRoutes, {
        db: deps.database.db,
        sms: deps.sms,
        now: deps.now ?? systemClock,
        codeRequestsPerAddress: deps.config.CODE_REQUESTS_PER_ADDRESS,
        codeTtlSeconds: deps.config.CODE_TTL_SECONDS,
        sleep: deps.sleep,
      });
      await api.register(userRoutes, { db: deps.database.db, now: deps.now ?? systemClock });
    },
    { prefix: '/app/api' },
  );
  await app.register(imageRoutes, { prefix: '/app/img', db: deps.database.db });

  if (deps.config.RATES_REFRESH) {
    const refresher = createRatesRefresher({
      db: deps.database.db,
      ecbUrl: deps.config.RATES_ECB_URL,
      cbrUrl: deps.config.RATES_CBR_URL,
      intervalHours: deps.config.RATES_REFRESH_HOURS,
      timeoutMs: deps.config.RATES_TIMEOUT_SECONDS * 1000,
      log: app.log,
    });
    // onReady comes after the currency routes have loaded the bundled history, so the first refresh adds to it.
    app.addHook('onReady', async () => refresher.start());
    // Before the database closes: a refresh under way is cancelled and let go of it.
    app.addHook('onClose', async () => refresher.stop());
  }

  const scheduler = createRecurrenceScheduler({
    db: deps.database.db,
    now: deps.now ?? systemClock,
    intervalMs: deps.config.RECURRENCE_TICK_SECONDS * 1000,
    log: app.log,
  });
  // On start-up first: what came due while the server was down is made, each on its own day.
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('onClose', async () => scheduler.stop());

  const sweeper = createUnfinishedImportSweeper({ db: deps.database.db, now: deps.now ?? systemClock, log: app.log });
  app.addHook('onReady', async () => sweeper.start());
  app.addHook('onClose', async () => sweeper.stop());

  await app.register(webPlugin, { webDist: deps.config.WEB_DIST });
  return app;
}
