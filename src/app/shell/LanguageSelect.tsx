import { useTranslation } from 'react-i18next';
import { LANGUAGES, loadLanguage } from '@/lib/i18n';

export function LanguageSelect({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  // The app downloads one language's text at a time; fetching the others as soon as the user
  // reaches for the select makes the switch itself immediate. changeLanguage waits for the text
  // anyway, so the page keeps the current language until then, never showing keys.
  const preload = () => LANGUAGES.forEach((lng) => void loadLanguage(i18n, lng).catch(() => undefined));
  return (
    <select
      className={className}
      aria-label={t('nav.language')}
      value={i18n.language}
      onChange={(e) => void i18n.changeLanguage(e.target.value)}
      onFocus={preload}
      onPointerEnter={preload}
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
