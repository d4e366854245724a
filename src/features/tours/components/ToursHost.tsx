import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { useLocation } from 'react-router-dom';
import { Button } from '@/components/Button';
import { isProfileComplete, type ProfileState } from '@/features/profile';
import type { TourId } from '../tour-definitions';
import { forgetAutoStart, markTourDone, stopTour, useToursState } from '../tours-store';
import { useAutoStartTour } from '../use-tour';
import { useToursAvailable } from '../use-wide-screen';
import type { TourEnd } from './TourRunner';
import styles from './Tours.module.css';

// react-joyride and the steps load only when a tour actually runs, never with the first screen.
const TourRunner = lazy(() => import('./TourRunner'));

const EVENTS_PATH = /^\/events(\/|$)/;

/**
 * Mounted once by the app shell for a signed-in user: starts the main tour the first time the
 * user is on /events at a wide enough window, and runs whichever tour is asked for.
 */
export function ToursHost() {
  const { active } = useToursState();
  const available = useToursAvailable();
  const { pathname } = useLocation();
  const profileComplete = useSelector((s: { profile: ProfileState }) => isProfileComplete(s.profile.user));
  const [endedTour, setEndedTour] = useState<TourId | null>(null);
  // Where the user was when the tour began (a form field under it), to go back there at the end.
  const returnFocus = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (active && document.activeElement instanceof HTMLElement && document.activeElement !== document.body) {
      returnFocus.current = document.activeElement;
    }
  }, [active]);

  const closeNote = useCallback(() => {
    setEndedTour(null);
    if (returnFocus.current?.isConnected) returnFocus.current.focus();
    returnFocus.current = null;
  }, []);

  useAutoStartTour('main', profileComplete && EVENTS_PATH.test(pathname));
  // A tour can end over a dialog (the create-event form); the note waits until it closes, so it
  // never covers the dialog's own buttons.
  const dialogOpen = useModalDialogOpen(endedTour !== null);

  const onEnd = useCallback(
    (how: TourEnd) => {
      if (!active) return;
      if (how === 'empty') {
        forgetAutoStart(active);
        stopTour(active);
        return;
      }
      markTourDone(active);
      setEndedTour(active);
    },
    [active],
  );

  // Narrowing the window below the breakpoint interrupts the tour; it is not marked done.
  useEffect(() => {
    if (active && !available) stopTour(active);
  }, [active, available]);

  return (
    <>
      {active && available && (
        <Suspense fallback={null}>
          <TourRunner key={active} tour={active} onEnd={onEnd} />
        </Suspense>
      )}
      {endedTour && !active && !dialogOpen && <TourEndNote onClose={closeNote} />}
    </>
  );
}

const MODAL_DIALOG = '[role="dialog"][aria-modal="true"]';

/** Whether a modal dialog is on the page, watched only while `watch` is true. */
function useModalDialogOpen(watch: boolean): boolean {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!watch) return;
    const check = () => setOpen(document.querySelector(MODAL_DIALOG) !== null);
    check();
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [watch]);
  return watch && open;
}

/** After a tour: where to find it again, closed with 'All clear'. */
function TourEndNote({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('tours');
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The tooltip that had the focus is gone; put it somewhere useful rather than on <body>.
    box.current?.querySelector('button')?.focus();
  }, []);
  // In <body>: the app behind a dialog is inert, and the note may outlive the page it ended on.
  return createPortal(
    <div ref={box} className={styles.note} role="status" data-testid="tour-end-note">
      <p>{t('endNote')}</p>
      <Button scheme="gray" onClick={onClose}>
        {t('buttons.allClear')}
      </Button>
    </div>,
    document.body,
  );
}
