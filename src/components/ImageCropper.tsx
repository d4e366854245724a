import { useState } from 'react';
import Cropper from 'react-easy-crop';
import 'react-easy-crop/react-easy-crop.css';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { cropToDataUrl, type Area } from './images';
import { Modal } from './Modal';
import { Spinner } from './Spinner';
import styles from './ImageCropper.module.css';

export interface ImageCropperProps {
  /** The picture to crop (an object URL). */
  src: string;
  /** Receives the cropped square as a data URL. */
  onConfirm: (dataUrl: string) => void;
  onCancel: () => void;
}

/**
 * Specification §5: a square crop, no zoom or scaling; the user moves the picture under the
 * largest square that fits, so the box is never smaller than the picture's short side (at least
 * 70 px, which the file check guarantees). Loaded on demand: react-easy-crop is not needed
 * before someone picks a picture.
 */
export default function ImageCropper({ src, onConfirm, onCancel }: ImageCropperProps) {
  const { t } = useTranslation();
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [area, setArea] = useState<Area | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const apply = async () => {
    if (!area) return;
    setBusy(true);
    setFailed(false);
    try {
      onConfirm(await cropToDataUrl(src, area));
    } catch {
      setFailed(true);
      setBusy(false);
    }
  };

  return (
    <Modal
      title={t('cropper.title')}
      onClose={onCancel}
      closable={!busy}
      testId="image-cropper"
      footer={
        <>
          <Button scheme="gray" onClick={onCancel} disabled={busy}>
            {t('actions.cancel')}
          </Button>
          <Button onClick={() => void apply()} disabled={!area || busy} aria-busy={busy}>
            {busy && <Spinner size={16} decorative />}
            {t('cropper.apply')}
          </Button>
        </>
      }
    >
      <div className={styles.stage} data-testid="cropper-stage">
        <Cropper
          image={src}
          crop={crop}
          zoom={1}
          minZoom={1}
          maxZoom={1}
          aspect={1}
          zoomWithScroll={false}
          showGrid
          objectFit="contain"
          disableAutomaticStylesInjection
          onCropChange={setCrop}
          onCropComplete={(_, pixels) => setArea(pixels)}
          mediaProps={{ alt: t('cropper.imageAlt') }}
        />
      </div>
      <p className={styles.hint}>{t('cropper.hint')}</p>
      {failed && (
        <p className={styles.error} role="alert">
          {t('errors:picture_invalid')}
        </p>
      )}
    </Modal>
  );
}
