import { useTranslation } from 'react-i18next';
import { Placeholder } from '@/components/Placeholder';

export default function RestorePasswordPage() {
  const { t } = useTranslation();
  return <Placeholder title={t('titles.restore_password')} />;
}
