/**
 * Guided tours (specification §2, §9). Screens mark their elements with `data-tour` ids from
 * TOUR_TARGETS (or spread `tourTarget('...')`), and start their tour with useAutoStartTour or
 * startTour; the app shell mounts ToursHost, which loads react-joyride only when a tour runs.
 */
export { TOUR_IDS, TOUR_TARGETS, tourTarget, type TourId, type TourTarget } from './tour-definitions';
export { startTour, stopTour, resetTours, isTourDone, useToursState } from './tours-store';
export { useTour, useAutoStartTour, type TourHandle } from './use-tour';
export { TOURS_MEDIA_QUERY, useToursAvailable, isWideEnoughForTours } from './use-wide-screen';
export { ToursHost } from './components/ToursHost';
