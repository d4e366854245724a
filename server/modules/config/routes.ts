import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicConfigResponse } from '../../../common/contract/config';

/**
 * Public, no sign-in: the footer shows the support address on every screen, the sign-in page too.
 * Read at start like all configuration, so changing it takes a restart, not a rebuild of the web app.
 */
export const configRoutes: FastifyPluginAsyncZod<{ supportEmail: string; accessChecking: boolean }> = async (app, { supportEmail, accessChecking }) => {
  app.get('/config/', { schema: { response: { 200: publicConfigResponse } } }, async (_req, reply) => {
    void reply.header('cache-control', 'public, max-age=300');
    return { support_email: supportEmail, access_checking: accessChecking };
  });
};
