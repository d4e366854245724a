import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicConfigResponse } from '@common/contract/config';
import { api } from '@/lib/api-client';

/** Asked once per page load: the address changes only when the server restarts with a new SUPPORT_EMAIL. */
let pending: Promise<string | null> | null = null;

function supportEmail(): Promise<string | null> {
  pending ??= api.get<PublicConfigResponse>('/config/').then(
    (config) => config.support_email || null,
    () => {
      // A failed call is asked again on the next screen rather than never.
      pending = null;
      return null;
    },
  );
  return pending;
}

/**
 * 'Got any questions? Contact us' (specification §1), mailing the address the server is configured
 * with (SUPPORT_EMAIL, GET /v1/config/). Until the address is known the words are plain text.
 */
export function SupportLink() {
  const { t } = useTranslation();
  const [email, setEmail] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void supportEmail().then((address) => {
      if (live) setEmail(address);
    });
    return () => {
      live = false;
    };
  }, []);
  return email ? (
    <a href={`mailto:${email}`} data-testid="support-link">
      {t('footer.contact')}
    </a>
  ) : (
    <span data-testid="support-link">{t('footer.contact')}</span>
  );
}

/** Tests start each case from a fresh page. */
export function forgetSupportEmail(): void {
  pending = null;
}
