import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EVENTS, Joyride, type EventData, type Step, type TooltipRenderProps } from 'react-joyride';
import { Button } from '@/components/Button';
import { targetSelector, TOUR_STEPS, type TourId, type TourStepDefinition } from '../tour-definitions';
import styles from './Tours.module.css';

/** Finished, skipped, or never shown because none of the tour's elements is on the page. */
export type TourEnd = 'finished' | 'skipped' | 'empty';

interface Navigation {
  /** Index of the nearest step after (or before) `from` whose element is on the page, or null. */
  nextFrom: (from: number) => number | null;
  prevFrom: (from: number) => number | null;
  next: (from: number) => void;
  back: (from: number) => void;
  end: (how: Exclude<TourEnd, 'empty'>) => void;
  presentCount: () => number;
  presentPosition: (index: number) => number;
}

const NavigationContext = createContext<Navigation | null>(null);

function isPresent(definition: TourStepDefinition | undefined): boolean {
  const element = definition ? document.querySelector<HTMLElement>(targetSelector(definition.target)) : null;
  return !!element && isShown(element);
}

/** The same test joyride makes: an element inside a hidden container (the desktop nav under the phone layout) is as good as absent. */
function isShown(element: HTMLElement): boolean {
  for (let node: HTMLElement | null = element; node && node !== document.body; node = node.parentElement) {
    const style = window.getComputedStyle(node);
    if (style.display === 'none' || style.visibility === 'hidden') return false;
  }
  return true;
}

/**
 * Runs one tour on react-joyride in controlled mode: this component, not joyride, decides the
 * next step, so a step whose element is not on the page is passed over at once (joyride alone
 * would wait for it), and the last step present reads Finish even when later ones are missing.
 * Finish and Skip end the tour through `onEnd`; Escape is Skip. Joyride is only in this chunk.
 */
export default function TourRunner({ tour, onEnd }: { tour: TourId; onEnd: (how: TourEnd) => void }) {
  const { t, i18n } = useTranslation('tours');
  const definitions = TOUR_STEPS[tour];
  const [index, setIndex] = useState<number | null>(() => firstPresent(definitions));
  const ended = useRef(false);

  const end = useCallback(
    (how: Exclude<TourEnd, 'empty'>) => {
      if (ended.current) return;
      ended.current = true;
      onEnd(how);
    },
    [onEnd],
  );

  const navigation = useMemo<Navigation>(() => {
    const nextFrom = (from: number) => {
      for (let i = from + 1; i < definitions.length; i += 1) if (isPresent(definitions[i])) return i;
      return null;
    };
    const prevFrom = (from: number) => {
      for (let i = from - 1; i >= 0; i -= 1) if (isPresent(definitions[i])) return i;
      return null;
    };
    return {
      nextFrom,
      prevFrom,
      next: (from) => {
        const to = nextFrom(from);
        if (to === null) end('finished');
        else setIndex(to);
      },
      back: (from) => {
        const to = prevFrom(from);
        if (to !== null) setIndex(to);
      },
      end,
      presentCount: () => definitions.filter(isPresent).length,
      presentPosition: (at) => definitions.slice(0, at + 1).filter(isPresent).length,
    };
  }, [definitions, end]);

  // Nothing of this tour is on the page: there is nothing to show, and nothing is marked done.
  useEffect(() => {
    if (index === null && !ended.current) {
      ended.current = true;
      onEnd('empty');
    }
  }, [index, onEnd]);

  const steps = useMemo<Step[]>(
    () =>
      definitions.map((d) => ({
        id: d.target,
        target: targetSelector(d.target),
        title: t(`${tour}.${d.key}.title`),
        content: t(`${tour}.${d.key}.body`),
        placement: d.placement,
      })),
    // The language is a dependency so the steps are rebuilt when it changes mid-tour.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [definitions, t, tour, i18n.language],
  );

  const onEvent = useCallback(
    (data: EventData) => {
      // The element went away between the click and the step (a list re-rendered): move on.
      if (data.type === EVENTS.TARGET_NOT_FOUND) navigation.next(data.index);
    },
    [navigation],
  );

  if (index === null) return null;
  return (
    <NavigationContext.Provider value={navigation}>
      <Joyride
        steps={steps}
        stepIndex={index}
        run
        continuous
        onEvent={onEvent}
        tooltipComponent={TourTooltip}
        loaderComponent={null}
        options={{
          skipBeacon: true,
          buttons: ['back', 'primary', 'skip'],
          dismissKeyAction: false,
          overlayClickAction: false,
          // Header links would navigate away in the middle of the main tour.
          blockTargetInteraction: tour === 'main',
          overlayColor: 'rgb(27 31 36 / 45%)',
          primaryColor: '#1f6feb',
          arrowColor: '#ffffff',
          spotlightRadius: 8,
          spotlightPadding: 6,
          scrollOffset: 80,
          zIndex: 1000,
        }}
      />
    </NavigationContext.Provider>
  );
}

function firstPresent(definitions: readonly TourStepDefinition[]): number | null {
  const i = definitions.findIndex((d) => isPresent(d));
  return i === -1 ? null : i;
}

function TourTooltip({ index, step, tooltipProps }: TooltipRenderProps) {
  const { t } = useTranslation('tours');
  const navigation = useContext(NavigationContext)!;
  const isLast = navigation.nextFrom(index) === null;
  const isFirst = navigation.prevFrom(index) === null;
  const total = navigation.presentCount();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      navigation.end('skipped');
    }
  };
  return (
    <div
      {...tooltipProps}
      className={styles.tooltip}
      aria-labelledby="tour-step-title"
      aria-describedby="tour-step-body"
      data-testid="tour-step"
      data-tour-step={step.id}
      onKeyDown={onKeyDown}
    >
      <div className={styles.head}>
        <h2 id="tour-step-title" className={styles.title}>
          {step.title}
        </h2>
        {total > 1 && <span className={styles.progress}>{t('progress', { current: navigation.presentPosition(index), total })}</span>}
      </div>
      <p id="tour-step-body" className={styles.body}>
        {step.content}
      </p>
      <div className={styles.footer}>
        {!isLast && (
          <button type="button" className={styles.skip} onClick={() => navigation.end('skipped')}>
            {t('buttons.skip')}
          </button>
        )}
        <span className={styles.spacer} />
        {!isFirst && (
          <Button scheme="gray" onClick={() => navigation.back(index)}>
            {t('buttons.back')}
          </Button>
        )}
        {/* The button does what it says: an element that appeared after it read Finish (a tab
            rendered late) gets no step of its own once the user has pressed Finish. */}
        <Button scheme="blue" onClick={() => (isLast ? navigation.end('finished') : navigation.next(index))} data-action="primary">
          {isLast ? t('buttons.finish') : t('buttons.next')}
        </Button>
      </div>
    </div>
  );
}
