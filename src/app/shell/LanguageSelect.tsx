import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@/lib/i18n';

export function LanguageSelect({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <select
      className={className}
      aria-label={t('nav.language')}
      value={i18n.language}
      onChange={(e) => void i18n.changeLanguage(e.target.value)}
      data-testid="language-select"
    >
      {LANGUAGES.map((lng) => (
        <option key={lng} value={lng}>
          {t(`languages.${lng}`)}
        </option>
      ))}
    </select>
  );
}
