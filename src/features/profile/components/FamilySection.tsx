import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contact } from '@common/contract/contacts';
import { FAMILY_MEMBERS_MAX, type FamilyInvitation, type User } from '@common/contract/user';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Button } from '@/components/Button';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import formStyles from '@/components/Form.module.css';
import { Modal } from '@/components/Modal';
import { Spinner } from '@/components/Spinner';
import { apiErrorText, ContactChecklist, PersonRow } from '@/features/contacts';
import { toApiError, type ApiError } from '@/lib/api-client';
import { updateProfile } from '../profile-slice';
import { ReceivedInvitations, useInvitationAction } from './ReceivedInvitations';
import styles from './FamilySection.module.css';

/**
 * Specification §5: the add-family modal takes at most this many contacts at once (the head and
 * five members), whatever the family already has; more disables its Add.
 */
export const FAMILY_SELECTION_MAX = FAMILY_MEMBERS_MAX + 1;

type Person = Pick<Contact, 'uid' | 'name' | 'phone' | 'avatar_url' | 'full_name' | 'is_me'>;

const samePhones = (a: readonly Person[], b: readonly Person[]) => a.length === b.length && a.every((p) => b.some((q) => q.phone === p.phone));

/** 'me' is how the server names the caller; the family lists show the caller's own name with a 'me' badge. */
function useShownName() {
  const { t } = useTranslation('contacts');
  return (p: Person) => (p.is_me ? { ...p, name: p.full_name || t('book.meBadge') } : p);
}

/** PUT /v2/user/me/ with a family payload; the answer is the new profile, stored by the slice. */
function useSaveFamily() {
  const dispatch = useAppDispatch();
  return async (family: { head: string; members: string[] } | null): Promise<ApiError | null> => {
    const action = await dispatch(updateProfile({ family }));
    if (updateProfile.fulfilled.match(action)) return null;
    return action.payload ?? toApiError(action.error);
  };
}

/**
 * The family section of the settings modal (specification §2, §4, §5, §6): my family with avatars
 * and names; the head edits it and may delete it for everyone, a member may only quit. Quitting and
 * deleting ask first (`family: null`, which the server reads as quit or delete by who sends it).
 */
export function FamilySection({ user, className }: { user: User; className?: string }) {
  const { t } = useTranslation('contacts');
  const save = useSaveFamily();
  const shown = useShownName();
  const [editing, setEditing] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const family = user.family;
  const { received, sent } = user.family_invitations;
  const invitedIds = new Set(sent.map((i) => i.person.uid));

  const leave = async () => {
    setFailure(null);
    setFailure(await save(null));
  };

  return (
    <section className={className} aria-labelledby="family-title" data-testid="family-section">
      <h3 id="family-title">{t('family.title')}</h3>
      {family ? (
        <ul className={styles.list} aria-label={t('family.title')} data-testid="family-list">
          <PersonRow person={shown(family.head)} badge={t('family.headBadge')} testId={`family-person-${family.head.uid}`} />
          {family.members.map((m) => (
            <PersonRow key={m.uid} person={shown(m)} badge={m.is_me ? t('book.meBadge') : undefined} testId={`family-person-${m.uid}`} />
          ))}
        </ul>
      ) : (
        sent.length === 0 && <p className={formStyles.hint}>{t('family.none')}</p>
      )}
      {sent.length > 0 && <SentInvitations invitations={sent} onFailure={setFailure} />}
      {received.length > 0 && <ReceivedInvitations invitations={received} onFailure={setFailure} />}
      <div className={styles.buttons}>
        {(!family || family.is_head) && (
          <Button scheme="gray" onClick={() => setEditing(true)} data-testid="family-edit">
            {family || sent.length > 0 ? t('family.edit') : t('family.create')}
          </Button>
        )}
        {family && (
          <Button scheme="danger" onClick={() => setLeaving(true)} data-testid="family-leave">
            {family.is_head ? t('family.delete') : t('family.quit')}
          </Button>
        )}
      </div>
      {failure && (
        <p className={formStyles.error} role="alert">
          {apiErrorText(t, failure)}
        </p>
      )}
      {editing && (
        <FamilyParticipantsModal
          me={{ ...(family?.head ?? { uid: user.user, name: 'me', avatar_url: user.avatar_url }), full_name: user.full_name, phone: user.phone, is_me: true }}
          members={[...(family?.members ?? []), ...sent.map((i) => i.person).filter((p) => !family?.members.some((m) => m.uid === p.uid))]}
          invited={invitedIds}
          onClose={() => setEditing(false)}
        />
      )}
      {leaving && family && (
        <ConfirmDialog
          title={family.is_head ? t('family.delete') : t('family.quit')}
          text={family.is_head ? t('family.deleteConfirm') : t('family.quitConfirm')}
          confirmLabel={family.is_head ? t('family.delete') : t('family.quit')}
          scheme="danger"
          onSubmit={leave}
          onClose={() => setLeaving(false)}
        />
      )}
    </section>
  );
}

/** The head's invitations still waiting for an answer, each of which can be withdrawn. */
function SentInvitations({ invitations, onFailure }: { invitations: readonly FamilyInvitation[]; onFailure: (e: ApiError | null) => void }) {
  const { t } = useTranslation('contacts');
  const act = useInvitationAction();
  const [busy, setBusy] = useState<number | null>(null);
  const withdraw = async (id: number) => {
    setBusy(id);
    onFailure(null);
    onFailure(await act('drop', id));
    setBusy(null);
  };
  return (
    <div data-testid="family-sent">
      <h4 className={styles.subtitle}>{t('family.sentTitle')}</h4>
      <ul className={styles.list} aria-label={t('family.sentTitle')}>
        {invitations.map((i) => (
          <PersonRow key={i.id} person={i.person} badge={t('family.invitedBadge')} testId={`family-sent-${i.id}`}>
            <Button
              scheme="gray"
              className={styles.remove}
              onClick={() => void withdraw(i.id)}
              disabled={busy !== null}
              aria-label={t('family.withdrawLabel', { name: i.person.name })}
              data-testid={`family-withdraw-${i.id}`}
            >
              {t('family.withdraw')}
            </Button>
          </PersonRow>
        ))}
      </ul>
    </div>
  );
}

/**
 * The family participants modal: the head (me) and the members as they will be saved. Add-member
 * is disabled at five; Save is disabled over five members or when nothing changed. The server's
 * refusal (a member of another family, say) is shown here and the draft kept.
 */
function FamilyParticipantsModal({
  me,
  members,
  invited,
  onClose,
}: {
  me: Person;
  /** The members and the people invited so far: saving keeps both, and invites whoever is new. */
  members: readonly Person[];
  invited: ReadonlySet<number>;
  onClose: () => void;
}) {
  const { t } = useTranslation('contacts');
  const save = useSaveFamily();
  const shown = useShownName();
  const [draft, setDraft] = useState<Person[]>([...members]);
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const tooMany = draft.length > FAMILY_MEMBERS_MAX;
  const unchanged = samePhones(draft, members);

  const submit = async () => {
    setBusy(true);
    setFailure(null);
    const error = await save({ head: me.phone, members: draft.map((p) => p.phone) });
    setBusy(false);
    if (error) setFailure(error);
    else onClose();
  };

  return (
    <Modal
      title={t('family.participantsTitle')}
      onClose={onClose}
      closable={!busy}
      size="md"
      testId="family-participants"
      footer={
        <>
          <Button scheme="gray" onClick={onClose} disabled={busy}>
            {t('family.cancel')}
          </Button>
          <Button onClick={() => void submit()} disabled={busy || tooMany || unchanged} aria-busy={busy} data-testid="family-save">
            {busy && <Spinner size={16} decorative />}
            {t('family.save')}
          </Button>
        </>
      }
    >
      <div className={styles.body}>
        <ul className={styles.list} aria-label={t('family.participantsTitle')}>
          <PersonRow person={shown(me)} badge={t('family.headBadge')} />
          {draft.map((p) => (
            <PersonRow
              key={p.phone}
              person={shown(p)}
              badge={invited.has(p.uid) || !members.some((m) => m.phone === p.phone) ? t('family.invitedBadge') : undefined}
              testId={`family-draft-${p.uid}`}
            >
              <Button
                scheme="gray"
                className={styles.remove}
                onClick={() => setDraft(draft.filter((q) => q.phone !== p.phone))}
                aria-label={t('family.removeLabel', { name: p.name })}
              >
                ×
              </Button>
            </PersonRow>
          ))}
        </ul>
        {draft.length === 0 ? <p className={formStyles.hint}>{t('family.empty')}</p> : <p className={formStyles.hint}>{t('family.invitesNote')}</p>}
        {tooMany && (
          <p className={formStyles.error} role="alert">
            {t('errors:family_too_big')}
          </p>
        )}
        {failure && (
          <p className={formStyles.error} role="alert">
            {apiErrorText(t, failure)}
          </p>
        )}
        <div className={styles.buttons}>
          <Button scheme="gray" onClick={() => setAdding(true)} disabled={busy || draft.length >= FAMILY_MEMBERS_MAX} data-testid="family-add">
            {t('family.addMembers')}
          </Button>
        </div>
      </div>
      {adding && (
        <AddFamilyParticipantsModal
          taken={[me.phone, ...draft.map((p) => p.phone)]}
          already={draft.length}
          onClose={() => setAdding(false)}
          onAdd={(picked) => {
            setDraft([...draft, ...picked]);
            setAdding(false);
          }}
        />
      )}
    </Modal>
  );
}

/**
 * The add family participants modal: my contacts not in the draft yet, as a checkbox list. More
 * than six selected disables Add; a selection that would take the family over five members says
 * so at once (the participants modal then refuses to save it).
 */
function AddFamilyParticipantsModal({
  taken,
  already,
  onClose,
  onAdd,
}: {
  taken: readonly string[];
  already: number;
  onClose: () => void;
  onAdd: (people: Person[]) => void;
}) {
  const { t } = useTranslation('contacts');
  const contacts = useAppSelector((s) => s.contacts.items);
  const candidates = contacts.filter((c) => !c.is_me && !taken.includes(c.phone));
  const [picked, setPicked] = useState<number[]>([]);
  const tooManyPicked = picked.length > FAMILY_SELECTION_MAX;
  const overFamily = already + picked.length > FAMILY_MEMBERS_MAX;

  const toggle = (uid: number) => setPicked((old) => (old.includes(uid) ? old.filter((u) => u !== uid) : [...old, uid]));

  return (
    <Modal
      title={t('family.addTitle')}
      onClose={onClose}
      size="md"
      testId="family-add-modal"
      footer={
        <>
          <Button scheme="gray" onClick={onClose}>
            {t('family.cancel')}
          </Button>
          <Button
            onClick={() => onAdd(candidates.filter((c) => picked.includes(c.uid)))}
            disabled={picked.length === 0 || tooManyPicked}
            data-testid="family-add-confirm"
          >
            {t('family.add')}
          </Button>
        </>
      }
    >
      <div className={styles.body}>
        {candidates.length === 0 ? (
          <p className={formStyles.hint}>{t('family.noCandidates')}</p>
        ) : (
          <ContactChecklist
            contacts={candidates}
            picked={picked}
            onToggle={toggle}
            label={t('family.addTitle')}
            countText={t('family.selected', { count: picked.length })}
            testIdPrefix="family-candidate"
          />
        )}
        {overFamily && (
          <p className={formStyles.error} role="alert">
            {t('errors:family_too_big')}
          </p>
        )}
      </div>
    </Modal>
  );
}
