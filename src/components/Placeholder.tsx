import { useTranslation } from 'react-i18next';

/** Stands in for a screen that a later change fills, so every route is reachable from the start. */
export function Placeholder({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <section className="page">
      <h1>{title}</h1>
      <p className="muted">{t('placeholder.comingSoon')}</p>
    </section>
  );
}
