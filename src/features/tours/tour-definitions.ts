/** The three guided tours (specification §2) and the elements each one points at. */
export const TOUR_IDS = ['main', 'createEvent', 'eventFamilies'] as const;
export type TourId = (typeof TOUR_IDS)[number];

export function isTourId(value: unknown): value is TourId {
  return typeof value === 'string' && (TOUR_IDS as readonly string[]).includes(value);
}

/**
 * The `data-tour` attribute values each tour expects, in the order its steps show them. The
 * screens that own these elements put `data-tour="<id>"` on them; a step whose element is not
 * on the page is passed over, so a tour never waits for a screen that is not there.
 */
export const TOUR_TARGETS = {
  main: ['nav-events', 'nav-people', 'nav-rates', 'nav-faq', 'events-list', 'events-create'],
  createEvent: ['create-event-name', 'create-event-currency', 'create-event-participants', 'create-event-submit'],
  eventFamilies: ['event-people', 'event-family', 'event-family-total', 'event-family-drag', 'event-debts-tab'],
} as const satisfies Record<TourId, readonly string[]>;

export type TourTarget = (typeof TOUR_TARGETS)[TourId][number];

export type TourPlacement = 'top' | 'bottom' | 'left' | 'right' | 'auto';

export interface TourStepDefinition {
  target: TourTarget;
  /** Under `tours:<tour>.<key>` the locale files hold `title` and `body`. */
  key: string;
  placement: TourPlacement;
}

const step = (target: TourTarget, key: string, placement: TourPlacement = 'bottom'): TourStepDefinition => ({ target, key, placement });

export const TOUR_STEPS: Record<TourId, readonly TourStepDefinition[]> = {
  main: [
    step('nav-events', 'events'),
    step('nav-people', 'people'),
    step('nav-rates', 'rates'),
    step('nav-faq', 'faq'),
    step('events-list', 'eventsList', 'right'),
    step('events-create', 'createEvent'),
  ],
  createEvent: [
    step('create-event-name', 'name'),
    step('create-event-currency', 'currency'),
    step('create-event-participants', 'participants', 'auto'),
    step('create-event-submit', 'submit', 'top'),
  ],
  eventFamilies: [
    step('event-people', 'people', 'left'),
    step('event-family', 'family', 'left'),
    step('event-family-total', 'wholeFamily', 'left'),
    step('event-family-drag', 'regroup', 'left'),
    step('event-debts-tab', 'settleUp'),
  ],
};

export function targetSelector(target: TourTarget): string {
  return `[data-tour="${target}"]`;
}

/** Spreads onto an element so it becomes a tour step's target, with the id checked by TypeScript. */
export function tourTarget(target: TourTarget): { 'data-tour': TourTarget } {
  return { 'data-tour': target };
}
