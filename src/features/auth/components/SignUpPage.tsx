import { useTranslation } from 'react-i18next';
import { Placeholder } from '@/components/Placeholder';

export default function SignUpPage() {
  const { t } = useTranslation();
  return <Placeholder title={t('titles.signup')} />;
}
