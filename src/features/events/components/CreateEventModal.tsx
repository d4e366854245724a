import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { normalizeName } from '@common/names';
import { Button } from '@/components/Button';
import { ImageField, type ImageValue } from '@/components/ImageField';
import { base64Payload } from '@/components/images';
import { Modal } from '@/components/Modal';
import { Spinner } from '@/components/Spinner';
import { TextField } from '@/components/TextField';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { CurrencySelect } from '@/features/currencies';
import { useAutoStartTour } from '@/features/tours';
import { createEvent } from '../events-slice';
import { errorMessage } from './ErrorText';
import { ParticipantPicker } from './ParticipantPicker';
import formStyles from '@/components/Form.module.css';
import styles from './ParticipantPicker.module.css';

/** common/contract/events EVENT_NAME_MAX; importing it would bring zod into this chunk. */
const EVENT_NAME_MAX = 100;

/** A new event: a name (required), the others from the add-participants picker, the currency (mine by default), a picture. */
export function CreateEventModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('events');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const me = useAppSelector((s) => s.profile.user);
  const [name, setName] = useState('');
  const [currency, setCurrency] = useState(me?.currency || 'RUB');
  const [selected, setSelected] = useState<number[]>([]);
  const [inviteAll, setInviteAll] = useState(false);
  const [image, setImage] = useState<ImageValue>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useAutoStartTour('createEvent');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const clean = normalizeName(name);
    if (!clean) {
      setNameError(t('create.nameRequired'));
      return;
    }
    setNameError(null);
    setFormError(null);
    setImageError(null);
    setBusy(true);
    const picture = image?.kind === 'new' ? { image_url: base64Payload(image.dataUrl) } : {};
    const everyone = inviteAll ? { invite_all: true } : {};
    const result = await dispatch(createEvent({ event_name: clean, contacts: selected, eventCurrency: currency, ...everyone, ...picture }));
    if (createEvent.fulfilled.match(result)) {
      onClose();
      void navigate(`/events/${result.payload.id}/transactions`);
      return;
    }
    setBusy(false);
    const error = result.payload ?? null;
    if (error?.code === 'event_name_required') setNameError(t('create.nameRequired'));
    else if (error?.field === 'image_url') setImageError(errorMessage(t, error, t('list.error')));
    else setFormError(errorMessage(t, error, t('list.error')));
  };

  return (
    <Modal title={t('create.title')} onClose={onClose} size="md" testId="create-event-modal">
      <form className={formStyles.form} onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label={t('create.name')}
          placeholder={t('create.namePlaceholder')}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            if (nameError && normalizeName(e.target.value)) setNameError(null);
          }}
          error={nameError}
          maxLength={EVENT_NAME_MAX}
          name="event_name"
          autoComplete="off"
          data-tour="create-event-name"
        />
        <ImageField
          value={image}
          onChange={(value) => {
            setImage(value);
            setImageError(null);
          }}
          name={normalizeName(name)}
          error={imageError}
          texts={{ label: t('create.image'), upload: t('create.imageUpload'), choose: t('create.imageChoose'), hint: t('create.imageHint') }}
          testId="event-image"
          size={64}
        />
        <div data-tour="create-event-currency">
          <CurrencySelect label={t('create.currency')} value={currency} onChange={setCurrency} />
        </div>
        <fieldset className={`${formStyles.fieldset} ${styles.participants}`} data-tour="create-event-participants">
          <legend className={formStyles.label}>{t('create.participants')}</legend>
          <p className={formStyles.hint}>{t('create.participantsHint')}</p>
          <label className={styles.inviteAll}>
            <input type="checkbox" checked={inviteAll} onChange={(e) => setInviteAll(e.target.checked)} data-testid="create-event-invite-all" />
            {t('create.inviteAll')}
          </label>
          {!inviteAll && <ParticipantPicker taken={me ? [me.user] : []} selected={selected} onSelectedChange={setSelected} />}
        </fieldset>
        {formError && (
          <p role="alert" className={formStyles.error}>
            {formError}
          </p>
        )}
        <div className={formStyles.actions}>
          <Button scheme="gray" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" disabled={busy} data-testid="create-event-submit" data-tour="create-event-submit">
            {busy && <Spinner size={16} />}
            {t('create.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
