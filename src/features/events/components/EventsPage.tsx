import { useTranslation } from 'react-i18next';
import { Placeholder } from '@/components/Placeholder';

export default function EventsPage() {
  const { t } = useTranslation();
  return <Placeholder title={t('titles.events')} />;
}
