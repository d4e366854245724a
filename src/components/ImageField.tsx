import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from './Avatar';
import { AvatarPicker } from './AvatarPicker';
import { Button } from './Button';
import formStyles from './Form.module.css';
import { ACCEPTED_IMAGE_TYPES, croppedImageProblem, imageFileProblem, imageFileTypeProblem, readImageFile, svgToPngDataUrl } from './images';
import { Spinner } from './Spinner';
import styles from './ImageField.module.css';

const ImageCropper = lazy(() => import('./ImageCropper'));

/** The picture being edited: the one on the server (unchanged), or a new picture as a data URL. */
export type ImageValue = { kind: 'current'; url: string } | { kind: 'new'; dataUrl: string; preset?: string } | null;

type Problem = 'picture_size' | 'picture_too_big' | 'picture_invalid';

export interface ImageFieldProps {
  value: ImageValue;
  onChange: (value: ImageValue) => void;
  /** For the initials shown while there is no picture. */
  name: string;
  error?: string | null;
  /** The visible words, from the feature that uses the field. */
  texts: { label: string; upload: string; choose: string; hint: string };
  /** Prefix of the test ids: `<prefix>-field` and `<prefix>-file`. */
  testId: string;
  /** The picture's shown size in px. */
  size?: number;
  /** Required by the form: a star after the label, as on the required text fields. */
  mandatory?: boolean;
}

/**
 * A picture for a profile or an event: upload a png/jpg and crop it square, or pick one of the
 * nine predefined avatars. Either way the server receives pixels (specification §5).
 */
export function ImageField({ value, onChange, name, error, texts, testId, size = 88, mandatory }: ImageFieldProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [cropping, setCropping] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const [busy, setBusy] = useState(false);

  const onFile = async (file: File | undefined) => {
    // Lets the same file be chosen again after a cancel.
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    setProblem(null);
    if (imageFileTypeProblem(file)) return setProblem('picture_size');
    setBusy(true);
    const read = await readImageFile(file);
    setBusy(false);
    if (!read || imageFileProblem(read.facts)) {
      if (read) URL.revokeObjectURL(read.url);
      return setProblem('picture_size');
    }
    setCropping(read.url);
  };

  const endCrop = () => {
    if (cropping) URL.revokeObjectURL(cropping);
    setCropping(null);
  };

  const onCropped = (dataUrl: string) => {
    endCrop();
    const tooBig = croppedImageProblem(dataUrl);
    if (tooBig) return setProblem(tooBig);
    onChange({ kind: 'new', dataUrl });
  };

  const onPick = async (src: string) => {
    setPicking(false);
    setProblem(null);
    setBusy(true);
    try {
      onChange({ kind: 'new', dataUrl: await svgToPngDataUrl(src), preset: src });
    } catch {
      setProblem('picture_invalid');
    } finally {
      setBusy(false);
    }
  };

  const shown = value?.kind === 'current' ? value.url : (value?.dataUrl ?? null);
  const message = problem ? t(`errors:${problem}`) : error;
  return (
    <div className={formStyles.field} role="group" aria-labelledby={labelId} data-testid={`${testId}-field`}>
      <span id={labelId} className={formStyles.label} data-mandatory={mandatory || undefined}>
        {texts.label}
      </span>
      <div className={styles.row}>
        <Avatar url={shown} name={name} size={size} />
        <div className={styles.actions}>
          <div className={styles.buttons}>
            <Button scheme="gray" onClick={() => fileInput.current?.click()} disabled={busy}>
              {texts.upload}
            </Button>
            <Button scheme="gray" onClick={() => setPicking(true)} disabled={busy}>
              {texts.choose}
            </Button>
            {busy && <Spinner size={20} />}
          </div>
          <p className={formStyles.hint}>{texts.hint}</p>
        </div>
      </div>
      <input
        ref={fileInput}
        type="file"
        accept={ACCEPTED_IMAGE_TYPES}
        hidden
        data-testid={`${testId}-file`}
        onChange={(e) => void onFile(e.target.files?.[0])}
      />
      {message && <p className={formStyles.error}>{message}</p>}
      {cropping && (
        <Suspense fallback={null}>
          <ImageCropper src={cropping} onConfirm={onCropped} onCancel={endCrop} />
        </Suspense>
      )}
      {picking && <AvatarPicker selected={value?.kind === 'new' ? value.preset : null} onPick={(src) => void onPick(src)} onClose={() => setPicking(false)} />}
    </div>
  );
}
