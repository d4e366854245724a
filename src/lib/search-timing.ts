/** Specification §9: every search (the participant picker, the add-friend phone lookup) runs 500 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 500;
