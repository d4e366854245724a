import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button } from '@/components/Button';
import { resetTours, useToursAvailable } from '@/features/tours';
import { FAQ_SECTIONS, questionAnchor, type FaqQuestionId } from '../faq-content';
import styles from './Faq.module.css';

/** Specification §2: the questions a new user has, answered with small worked examples. */
export default function FaqPage() {
  const { t } = useTranslation('faq');
  const { hash } = useLocation();
  return (
    <div className={`page ${styles.page}`}>
      <h1>{t('title')}</h1>
      <p className={`muted ${styles.intro}`}>{t('intro')}</p>
      {FAQ_SECTIONS.map((section) => (
        <section key={section.id} className={styles.section} aria-labelledby={`faq-section-${section.id}`}>
          <h2 id={`faq-section-${section.id}`} className={styles.sectionTitle}>
            {t(`sections.${section.id}`)}
          </h2>
          {section.id === 'operations' && <p className={styles.sectionIntro}>{t('operationsIntro')}</p>}
          <div className={styles.list}>
            {section.questions.map((id) => (
              <Question key={id} id={id} initiallyOpen={hash === `#${questionAnchor(id)}`} />
            ))}
          </div>
        </section>
      ))}
      <ToursSection />
    </div>
  );
}

/** A native details/summary: keyboard, screen readers and find-in-page work without script. */
function Question({ id, initiallyOpen }: { id: FaqQuestionId; initiallyOpen: boolean }) {
  const { t, i18n } = useTranslation('faq');
  const exampleKey = `questions.${id}.example`;
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    // The page renders after the browser looked for the #fragment, so it scrolls here itself.
    if (initiallyOpen) ref.current?.scrollIntoView?.({ block: 'start' });
  }, [initiallyOpen]);
  return (
    <details ref={ref} id={questionAnchor(id)} className={styles.item} open={initiallyOpen || undefined}>
      <summary className={styles.question}>
        <span>{t(`questions.${id}.q`)}</span>
        <svg className={styles.chevron} width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
          <path d="M5 7.5l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </summary>
      <div className={styles.answer}>
        <p>{t(`questions.${id}.a`)}</p>
        {i18n.exists(exampleKey, { ns: 'faq' }) && (
          <p className={styles.example}>
            <strong className={styles.exampleLabel}>{t('exampleLabel')}</strong> <span className="amount">{t(exampleKey)}</span>
          </p>
        )}
      </div>
    </details>
  );
}

/**
 * Restarting clears every finished flag. On a wide screen it goes straight to /events, where the
 * main tour then starts; on a narrow one there is no tour to show, so it only says so.
 */
function ToursSection() {
  const { t } = useTranslation('faq');
  const available = useToursAvailable();
  const navigate = useNavigate();
  const [restarted, setRestarted] = useState(false);
  const restart = () => {
    resetTours();
    if (available) navigate('/events');
    else setRestarted(true);
  };
  return (
    <section className={`${styles.section} ${styles.tours}`} aria-labelledby="faq-section-tours">
      <h2 id="faq-section-tours" className={styles.sectionTitle}>
        {t('sections.tours')}
      </h2>
      <p>{t('tours.text')}</p>
      {!available && <p className="muted">{t('tours.narrow')}</p>}
      <Button scheme="blue" onClick={restart} data-testid="restart-tours">
        {t('tours.restart')}
      </Button>
      {restarted && (
        <p className={styles.status} role="status">
          {t('tours.restarted')}
        </p>
      )}
    </section>
  );
}
