import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** Where the document is served: under the API, so it goes wherever the API goes. */
export const OPENAPI_PATH = '/app/api/docs/openapi.json';
/** The readable reference: Swagger UI over the same document, its scripts as files so the CSP holds. */
export const API_REFERENCE_PATH = '/app/api/docs';

/**
 * The OpenAPI 3.1 document of the API, generated from the zod contract every route validates and
 * serialises with (`common/contract/`), so what it says cannot drift from what the server does.
 * Registered before the routes: @fastify/swagger collects each route as it is added.
 */
export const openApiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Dolya API',
        version: '1',
        description:
          'Shared expenses for friends and families. Amounts are JSON numbers in major units with at most the currency\'s decimals; errors are `{ error, code }`. See docs/api.md for the rules behind each call.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'The token from POST /v2/auth/login/' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-cache');
    return app.swagger();
  });
  await app.register(swaggerUi, {
    routePrefix: API_REFERENCE_PATH,
    // No call to validator.swagger.io: the page talks to this server only, as the CSP requires.
    validatorUrl: false,
    uiConfig: { deepLinking: true, docExpansion: 'list', defaultModelsExpandDepth: 0, tryItOutEnabled: false },
    theme: { title: 'Dolya API' },
  });
});
