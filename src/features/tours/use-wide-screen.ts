import { mediaMatches, useMediaQuery } from '@/lib/media-query';

/** Specification §9: tours only run at a width of at least 1025 px. */
export const TOURS_MEDIA_QUERY = '(min-width: 1025px)';

// Where nobody can tell the width (old browsers, jsdom), no tour is offered.
export function isWideEnoughForTours(): boolean {
  return mediaMatches(TOURS_MEDIA_QUERY) ?? false;
}

/** True while the window is wide enough for a tour; follows resizes. */
export function useToursAvailable(): boolean {
  return useMediaQuery(TOURS_MEDIA_QUERY, false);
}
