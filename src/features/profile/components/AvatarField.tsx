import { useTranslation } from 'react-i18next';
import { ImageField, type ImageValue } from '@/components/ImageField';

/** The avatar being edited: the one on the server (unchanged), or a new picture as a data URL. */
export type AvatarValue = ImageValue;

export interface AvatarFieldProps {
  value: AvatarValue;
  onChange: (value: AvatarValue) => void;
  /** For the initials shown while there is no picture. */
  name: string;
  error?: string | null;
}

/** The profile picture, which a profile requires: the shared picture field with the profile's words. */
export function AvatarField(props: AvatarFieldProps) {
  const { t } = useTranslation('profile');
  const texts = { label: t('fields.avatar'), upload: t('avatar.upload'), choose: t('avatar.choose'), hint: t('avatar.hint') };
  return <ImageField {...props} texts={texts} testId="avatar" mandatory />;
}
