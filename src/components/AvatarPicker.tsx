import { useTranslation } from 'react-i18next';
import { Modal } from './Modal';
import styles from './AvatarPicker.module.css';

/** The nine predefined avatars in public/avatars/ (specification §2, avatar picker). */
export const PREDEFINED_AVATARS = ['fox', 'cat', 'owl', 'bear', 'whale', 'frog', 'panda', 'penguin', 'rabbit'].map((name) => ({
  name,
  src: `/avatars/${name}.svg`,
}));

export interface AvatarPickerProps {
  selected?: string | null;
  onPick: (src: string) => void;
  onClose: () => void;
}

export function AvatarPicker({ selected, onPick, onClose }: AvatarPickerProps) {
  const { t } = useTranslation();
  return (
    <Modal title={t('avatarPicker.title')} onClose={onClose} size="sm" testId="avatar-picker">
      <ul className={styles.grid}>
        {PREDEFINED_AVATARS.map(({ name, src }) => (
          <li key={name}>
            <button type="button" className={styles.option} aria-pressed={selected === src} onClick={() => onPick(src)}>
              <img src={src} alt="" width={72} height={72} />
              {t(`avatarPicker.names.${name}`)}
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
