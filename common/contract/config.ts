import { z } from 'zod';

/** GET /v1/config/: the deployment's settings the web app shows, read from the server's environment. */
export const publicConfigResponse = z.object({
  /** SUPPORT_EMAIL: the footer's 'Contact us' address. */
  support_email: z.string(),
  /** ACCESS_CHECKING: false lets every participant regroup families and remove people (§6). */
  access_checking: z.boolean(),
});
export type PublicConfigResponse = z.infer<typeof publicConfigResponse>;
