import { z } from 'zod';

export const healthResponse = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['pglite', 'postgres', 'unreachable']),
});
export type HealthResponse = z.infer<typeof healthResponse>;
