import { DomainError } from '../../../common/errors';
import type { Queryable } from '../../db/client';
import { hit, type RateLimit } from '../../lib/rate-limit';

/**
 * How many events one person may put another in a day (decision 0071). Anyone who knows a phone
 * may put its owner in events, who may then leave them one by one; this keeps that from becoming
 * a flood. A group planning its trips, or someone moving 50 groups in from another app in a day,
 * stays under it.
 */
export const PLACEMENT_LIMIT = { name: 'event:placed', max: 50, windowMs: 24 * 3_600_000 } satisfies RateLimit;

/**
 * Counts `placer` putting each of `placed` in one more event, inside the transaction that does it
 * (so a refused or failed write counts nothing), or refuses it all with 'rate_limited'.
 */
export async function countPlacements(tx: Queryable, placer: number, placed: readonly number[], now: Date): Promise<void> {
  for (const uid of new Set(placed)) {
    if (uid === placer) continue;
    if ((await hit(tx, PLACEMENT_LIMIT, `${placer}>${uid}`, now)) > PLACEMENT_LIMIT.max) throw new DomainError('rate_limited', 'contacts');
  }
}
