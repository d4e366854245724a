import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '@/lib/public-config';

/**
 * 'Got any questions? Contact us' (specification §1), mailing the address the server is configured
 * with (SUPPORT_EMAIL, GET /v1/config/). Until the address is known the words are plain text.
 */
export function SupportLink() {
  const { t } = useTranslation();
  const email = usePublicConfig()?.support_email || null;
  return email ? (
    <a href={`mailto:${email}`} data-testid="support-link">
      {t('footer.contact')}
    </a>
  ) : (
    <span data-testid="support-link">{t('footer.contact')}</span>
  );
}
