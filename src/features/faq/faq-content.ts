/**
 * The questions in the order the page shows them; the words are in locales/<lang>/faq.json under
 * `questions.<id>` (`q`, `a` and, where there is one, `example`).
 */
export const FAQ_SECTIONS = [
  { id: 'basics', questions: ['event', 'unregistered'] },
  { id: 'operations', questions: ['even', 'split', 'bought', 'lent', 'borrowed', 'income', 'payback', 'comment'] },
  { id: 'families', questions: ['families', 'familiesSettle'] },
  { id: 'currencies', questions: ['convert', 'displayCurrency'] },
  { id: 'settleUp', questions: ['howSettle', 'fewestTransfers'] },
  { id: 'privacy', questions: ['whoSees', 'dataKept'] },
] as const;

export type FaqSectionId = (typeof FAQ_SECTIONS)[number]['id'];
export type FaqQuestionId = (typeof FAQ_SECTIONS)[number]['questions'][number];

/** The element id of a question, so /faq#faq-even opens that answer. */
export function questionAnchor(id: FaqQuestionId): string {
  return `faq-${id}`;
}
