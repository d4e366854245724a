import type { TFunction } from 'i18next';
import type { Operation } from '@common/contract/operations';
import type { EventPeople } from './people';

/** Kinds named in their author's first person ('I lent them'): read by anyone else, they need their own name. */
const FIRST_PERSON_KINDS: ReadonlySet<string> = new Set(['i_purchased_them', 'i_lent_them', 'they_lent_me']);

/**
 * An operation without a description is titled by its kind. 'I lent them' is true only for its
 * author; everyone else reads what it is ('Loan'), so Boris never sees Anna's 'Я дала в долг' as
 * if it were his.
 */
export function kindTitle(op: Operation, people: EventPeople, t: TFunction<'operations'>): string {
  if (op.details.author !== people.me && FIRST_PERSON_KINDS.has(op.kind)) return t(`kindTitles.${op.kind as 'i_lent_them'}`);
  return t(`kinds.${op.kind}`, { context: people.gender(op.details.author) });
}
