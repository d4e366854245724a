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
 * Swagger UI's pale greys and method colours read below 4.5:1 on white; the reference page passes
 * the same contrast check as every other page.
 */
const REFERENCE_CSS = `
.swagger-ui, .swagger-ui .info .title, .swagger-ui .opblock-tag, .swagger-ui .opblock .opblock-summary-path,
.swagger-ui .opblock .opblock-summary-description, .swagger-ui .info .base-url, .swagger-ui .info a,
.swagger-ui .response-col_status, .swagger-ui table thead tr th, .swagger-ui .parameter__name, .swagger-ui .parameter__type,
.swagger-ui .model-title, .swagger-ui .tab li, .swagger-ui .opblock-section-header h4, .swagger-ui label { color: #1f2328; }
.swagger-ui .info .title small, .swagger-ui .info .title small.version-stamp { background: #1f5f1f; }
.swagger-ui .info .title small pre { color: #fff; }
.swagger-ui .opblock .opblock-summary-method { color: #fff; text-shadow: none; }
.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #0b5cad; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #146c2e; }
.swagger-ui .opblock.opblock-put .opblock-summary-method { background: #8a4b00; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #b3261e; }
.swagger-ui .opblock.opblock-patch .opblock-summary-method { background: #0f6e62; }
.swagger-ui .opblock.opblock-head .opblock-summary-method { background: #6b3fa0; }
.swagger-ui .opblock.opblock-options .opblock-summary-method { background: #1e4f7a; }
.swagger-ui .btn.authorize { color: #146c2e; border-color: #146c2e; }
.swagger-ui .btn.authorize span { color: #146c2e; }
`;

/**
 * What the stock page's markup lacks for screen readers: its title and version in a landmark (the
 * routes already are one), and the route groups one level under the page's title (an h1 followed
 * by h3s). Swagger UI draws after load, so the attributes are set as its markup appears.
 */
const REFERENCE_JS = `
new MutationObserver(function () {
  var head = document.querySelector('.swagger-ui .information-container');
  if (head && !head.hasAttribute('role')) head.setAttribute('role', 'banner');
  document.querySelectorAll('.swagger-ui h3.opblock-tag:not([aria-level])').forEach(function (tag) {
    tag.setAttribute('role', 'heading');
    tag.setAttribute('aria-level', '2');
  });
}).observe(document.documentElement, { childList: true, subtree: true });
`;

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
          "Shared expenses for friends and families. Amounts are JSON numbers in major units with at most the currency's decimals; errors are `{ error, code }`. See docs/api.md for the rules behind each call.",
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
    // BaseLayout: no top bar, whose URL box and logo had no label or text. No deep links: their
    // anchors sat inside each operation's button, a control inside a control.
    uiConfig: { layout: 'BaseLayout', deepLinking: false, docExpansion: 'list', defaultModelsExpandDepth: 0, tryItOutEnabled: false },
    theme: {
      title: 'Dolya API',
      css: [{ filename: 'dolya-contrast.css', content: REFERENCE_CSS }],
      js: [{ filename: 'dolya-landmarks.js', content: REFERENCE_JS }],
    },
  });
});
