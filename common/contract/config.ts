import { z } from 'zod';

/** GET /v1/config/: the deployment's settings the web app shows, read from the server's environment. */
export const publicConfigResponse = z.object({
  /** SUPPORT_EMAIL: the footer's 'Contact us' address. */
  support_email: z.string(),
});
export type PublicConfigResponse = z.infer<typeof publicConfigResponse>;
