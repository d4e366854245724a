import { DomainError } from '../../../common/errors';
import type { Queryable } from '../../db/client';
import { hit, release, type RateLimit } from '../../lib/rate-limit';

const HOUR = 3_600_000;

/**
 * Phones one person may look up: each phone new to their contact book in an upload, and each
 * phone search, count alike, so uploading cannot get round the search limit. A whole phone book
 * of a thousand contacts fits in an hour; harvesting a city's numbers does not fit in a year.
 */
export const LOOKUP_LIMITS = {
  perHour: { name: 'lookup:user:h', max: 1000, windowMs: HOUR },
  perDay: { name: 'lookup:user:d', max: 3000, windowMs: 24 * HOUR },
} satisfies Record<string, RateLimit>;

/**
 * Counts `phones` lookups for `viewer`, or refuses them all with 'rate_limited' (nothing counted)
 * when they would pass either limit.
 */
export async function countLookups(db: Queryable, viewer: number, phones: number, now: Date): Promise<void> {
  if (phones <= 0) return;
  const subject = String(viewer);
  const counted: RateLimit[] = [];
  for (const limit of [LOOKUP_LIMITS.perHour, LOOKUP_LIMITS.perDay]) {
    counted.push(limit);
    if ((await hit(db, limit, subject, now, phones)) > limit.max) {
      for (const back of counted) await release(db, back, subject, now, phones);
      throw new DomainError('rate_limited');
    }
  }
}
