import { useTranslation } from 'react-i18next';
import { openSharePopup, SHARE_NETWORKS, type ShareNetwork } from '../lib/share';
import styles from './People.module.css';

const NETWORK_NAMES: Record<ShareNetwork, string> = { telegram: 'Telegram', whatsapp: 'WhatsApp', facebook: 'Facebook', vk: 'VK', x: 'X' };

/** Small icons, one letterform each: enough to recognise the network next to its name. */
const ICONS: Record<ShareNetwork, string> = {
  telegram: 'M3 11.5l17-7-3 15-5.5-4-3 3 .5-5 8-7-10 6z',
  whatsapp:
    'M12 3a9 9 0 00-7.8 13.5L3 21l4.6-1.2A9 9 0 1012 3zm-3 5c.5 0 1 2 1 2.5s-.8 1-.5 1.5a6 6 0 003 3c.5.3 1-.5 1.5-.5s2.5.5 2.5 1-1 2-2 2a8 8 0 01-7-7c0-1 1-2.5 1.5-2.5z',
  facebook: 'M13.5 21v-7.5H16l.5-3h-3V8.7c0-.9.3-1.5 1.6-1.5h1.6V4.5A20 20 0 0014.3 4.4c-2.3 0-3.8 1.4-3.8 3.9v2.2H8v3h2.5V21z',
  vk: 'M3 7h3c.2 4 2 6 3.5 6.5V7h3v3.5c1.5-.2 3-1.8 3.5-3.5h3c-.5 2-2 4-3.5 5 1.5.7 3.3 2.3 4 4h-3.3c-.6-1.4-2-2.7-3.7-3v3H12c-5 0-8.5-3.5-9-10z',
  x: 'M4 4h4.5l3.8 5.2L16.8 4H19l-5.6 6.6L20 20h-4.5l-4.1-5.6L6.5 20H4.3l6.1-7z',
};

/** Specification §1: share the product on social networks, each in a 626x436 popup. */
export function ShareBlock() {
  const { t } = useTranslation('people');
  const url = `${window.location.origin}/`;
  return (
    <section className={styles.share} aria-labelledby="people-share-title" data-testid="share">
      <h2 id="people-share-title" className={styles.shareTitle}>
        {t('share.title')}
      </h2>
      <p className={styles.hint}>{t('share.hint')}</p>
      <div className={styles.shareButtons}>
        {SHARE_NETWORKS.map((network) => (
          <button
            key={network}
            type="button"
            className={styles.shareButton}
            data-network={network}
            aria-label={t('share.on', { network: NETWORK_NAMES[network] })}
            title={t('share.on', { network: NETWORK_NAMES[network] })}
            onClick={() => openSharePopup(network, url, t('share.text'))}
          >
            <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
              <path d={ICONS[network]} fill="currentColor" />
            </svg>
          </button>
        ))}
      </div>
    </section>
  );
}
