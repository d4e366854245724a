import {
  closestCenter,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  pointerWithin,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { DetailSubtitle } from '@/components/DetailTitle';
import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { shallowEqual } from 'react-redux';
import type { Event, EventParticipant } from '@common/contract/events';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Button } from '@/components/Button';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import type { ApiError } from '@/lib/api-client';
import { PHONE_LAYOUT, useMediaQuery } from '@/lib/media-query';
import { usePublicConfig } from '@/lib/public-config';
import { useAutoStartTour } from '@/features/tours';
import { updateEvent } from '../events-slice';
import { familyKeyboardCoordinates, moveToFamily, sumBalances, type FamilyTarget } from '../families';
import { selectFamilies, selectParticipantMap, selectParticipants } from '../selectors';
import { BalanceMessage } from './BalanceMessage';
import { errorMessage } from './ErrorText';
import { ParticipantName, participantName } from './ParticipantName';
import { ContactParticipantsModal } from './ContactParticipantsModal';
import { ParticipantPicker } from './ParticipantPicker';
import styles from './ParticipantsPanel.module.css';

/** The pointer decides when there is one (mouse, touch); the keyboard sensor lands on a target's centre. */
const collision: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  return within.length > 0 ? within : closestCenter(args);
};

const NEW_FAMILY_ID = 'family-new';
const familyId = (index: number) => `family-${index}`;

/**
 * The people of the event (specification §2): families grouped with a 'Whole family' row; the
 * owner drags people between families (mouse, touch, keyboard) and removes people; anyone but
 * in a dialogue adds participants with the picker.
 */
export function ParticipantsPanel({ event, className }: { event: Event; className?: string }) {
  const { t } = useTranslation('events');
  const dispatch = useAppDispatch();
  const participants = useAppSelector(selectParticipants);
  const byUid = useAppSelector(selectParticipantMap);
  const families = useAppSelector(selectFamilies);
  const dialogue = event.quasi_event_name !== null;
  const owner = event.isUserOwner;
  // §6: the owner arranges families and removes people, or anyone when access checking is off.
  const config = usePublicConfig();
  const arranger = owner || config?.access_checking === false;
  const canArrange = arranger && !dialogue && participants.length > 1;

  const [pending, setPending] = useState<number[][] | null>(null);
  const [activeUid, setActiveUid] = useState<number | null>(null);
  const [expanded, setExpanded] = useState(false);
  // On a phone (the stylesheet's layout) the panel folds to its heading until opened. A folded body
  // is not drawn at all: for 50 people, each with a menu of every family, drawing it hidden held up
  // a phone's first operations by about half a second.
  const folded = useMediaQuery(PHONE_LAYOUT, false) && !expanded;
  const [adding, setAdding] = useState(false);
  const [fromContacts, setFromContacts] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<EventParticipant | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  useAutoStartTour('eventFamilies', participants.length > 1);

  const groups = useMemo(() => pending ?? families.map((f) => f.members), [pending, families]);
  const serverBalance = useMemo(() => new Map(families.map((f) => [[...f.members].sort().join(','), f.balance])), [families]);
  const familyBalance = (members: readonly number[]) =>
    serverBalance.get([...members].sort().join(',')) ??
    sumBalances(
      members.map((uid) => byUid.get(uid)?.balance ?? 0),
      event.currency,
    );

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 4 } }),
    // A short hold starts a drag on a phone, so a swipe over the list still scrolls it.
    useSensor(TouchSensor, { activationConstraint: { delay: 180, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: familyKeyboardCoordinates }),
  );

  const nameOf = useCallback(
    (uid: number) => {
      const p = byUid.get(uid);
      return p ? participantName(p, t) : '';
    },
    [byUid, t],
  );
  const targetName = (id: string | number | undefined): string => {
    if (id === NEW_FAMILY_ID) return t('participants.drag.newFamily');
    const index = typeof id === 'string' ? Number(id.replace('family-', '')) : NaN;
    const first = groups[index]?.[0];
    return first !== undefined ? t('participants.drag.familyOf', { name: nameOf(first) }) : '';
  };
  const uidOf = (id: string | number) => Number(String(id).replace('person-', ''));
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('participants.drag.picked', { name: nameOf(uidOf(active.id)) }),
    onDragOver: ({ active, over }) => (over ? t('participants.drag.over', { name: nameOf(uidOf(active.id)), target: targetName(over.id) }) : undefined),
    onDragEnd: ({ active, over }) =>
      over
        ? t('participants.drag.dropped', { name: nameOf(uidOf(active.id)), target: targetName(over.id) })
        : t('participants.drag.cancelled', { name: nameOf(uidOf(active.id)) }),
    onDragCancel: ({ active }) => t('participants.drag.cancelled', { name: nameOf(uidOf(active.id)) }),
  };

  const save = async (data: { families?: number[][]; contacts?: number[] }): Promise<ApiError | null> => {
    setMessage(null);
    const result = await dispatch(updateEvent({ id: event.id, data }));
    if (updateEvent.fulfilled.match(result)) return null;
    const error = result.payload ?? { message: '', code: 'internal' as const, status: 0 };
    setMessage(errorMessage(t, error, t('event.error')));
    return error;
  };

  // One way to regroup, whether a row was dragged or chosen from its 'Move to family' menu.
  const move = (uid: number, target: FamilyTarget) => {
    const next = moveToFamily(groups, uid, target);
    if (!next) return;
    setPending(next);
    void save({ families: next }).then(() => setPending(null));
  };
  const onDragStart = ({ active }: DragStartEvent) => setActiveUid(uidOf(active.id));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setActiveUid(null);
    if (!over) return;
    move(uidOf(active.id), over.id === NEW_FAMILY_ID ? { kind: 'new' } : { kind: 'family', index: Number(String(over.id).replace('family-', '')) });
  };
  // Every row's menu lists every family: their labels are made once, not once per row (50 people
  // each in a family of their own made 2,500 labels on each drawing).
  const familyLabels = useMemo(() => groups.map((members) => t('participants.move.toFamily', { names: members.map(nameOf).join(', ') })), [groups, nameOf, t]);
  /** Each family's menu for its members: every family by its first member, and one of their own. */
  const familyChoices = useMemo(
    () =>
      groups.map((members, own): FamilyChoice[] => [
        ...familyLabels.map((label, index) => ({
          value: String(index),
          label: index === own ? t('participants.move.current') : label,
          current: index === own,
        })),
        ...(members.length > 1 ? [{ value: 'new', label: t('participants.move.own') }] : []),
      ]),
    [groups, familyLabels, t],
  );

  const askRemove = (person: EventParticipant) => {
    setMessage(null);
    // Specification §6: a person with a debt stays; no need to ask first to say so.
    if (person.balance !== 0) setMessage(t('errors:delete_user_with_debt'));
    else setRemoving(person);
  };

  const addSelected = async (uids: readonly number[] = selected) => {
    setBusy(true);
    const error = await save({ contacts: [...participants.map((p) => p.uid), ...uids] });
    setBusy(false);
    if (!error) {
      setAdding(false);
      setFromContacts(false);
      setSelected([]);
    }
  };

  // The rows' handlers stay the same functions from one drawing to the next, so that a row whose
  // person and choices are unchanged is not drawn again (PersonRow is memoised).
  const latest = useRef({ move, askRemove });
  useLayoutEffect(() => {
    latest.current = { move, askRemove };
  });
  const onMove = useCallback((uid: number, target: FamilyTarget) => latest.current.move(uid, target), []);
  const onRemove = useCallback((person: EventParticipant) => latest.current.askRemove(person), []);

  const activePerson = activeUid !== null ? byUid.get(activeUid) : undefined;
  return (
    <section
      className={[styles.panel, className].filter(Boolean).join(' ')}
      data-expanded={expanded}
      data-tour="event-people"
      aria-labelledby={`participants-${event.id}`}
      data-testid="participants-panel"
    >
      <div className={styles.head}>
        <DetailSubtitle id={`participants-${event.id}`} className={styles.title}>
          {t('participants.title')} <span className={styles.count}>{participants.length}</span>
        </DetailSubtitle>
        <button type="button" className={styles.toggle} aria-expanded={expanded} onClick={() => setExpanded(!expanded)} data-testid="participants-toggle">
          <span className="visually-hidden">{t('participants.title')}</span>
          <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" className={styles.chevron}>
            <path d="M5 7.5l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      </div>
      {!folded && (
        <div className={styles.body}>
          {/* Which figures these are: a person's balance here differs from the People page's, over all events. */}
          {participants.length > 0 && (
            <p className={styles.hint} data-testid="participants-scope">
              {t('participants.scope')}
            </p>
          )}
          {participants.length === 0 ? (
            <p className="muted">{t('participants.none')}</p>
          ) : (
            <DndContext
              sensors={sensors}
              collisionDetection={collision}
              onDragStart={onDragStart}
              onDragEnd={onDragEnd}
              onDragCancel={() => setActiveUid(null)}
              accessibility={{ announcements, screenReaderInstructions: { draggable: t('participants.drag.instructions') } }}
            >
              <ul className={styles.families} aria-busy={pending !== null}>
                {groups.map((members, index) => (
                  <FamilyGroup
                    key={familyId(index)}
                    index={index}
                    droppable={canArrange}
                    wholeFamily={members.length > 1 ? familyBalance(members) : null}
                    event={event}
                    firstWhole={members.length > 1 && groups.findIndex((g) => g.length > 1) === index}
                  >
                    {members.map((uid) => {
                      const person = byUid.get(uid);
                      return person ? (
                        <PersonRow
                          key={uid}
                          person={person}
                          currency={event.currency}
                          approximate={event.approximate}
                          families={canArrange ? familyChoices[index]! : null}
                          onMove={onMove}
                          draggable={canArrange}
                          dragging={activeUid === uid}
                          tourDrag={index === 0 && uid === members[0]}
                          removable={arranger && !dialogue && !person.is_owner && !person.is_me}
                          onRemove={onRemove}
                        />
                      ) : null;
                    })}
                  </FamilyGroup>
                ))}
              </ul>
              {canArrange && <NewFamilyTarget active={activeUid !== null} />}
              <DragOverlay dropAnimation={null}>
                {activePerson ? (
                  <div className={`${styles.row} ${styles.overlay}`}>
                    <ParticipantName participant={activePerson} link={false} />
                  </div>
                ) : null}
              </DragOverlay>
            </DndContext>
          )}
          {!dialogue && <p className={styles.hint}>{t('participants.familiesExplained')}</p>}
          <p className={styles.hint}>{canArrange ? t('participants.dragHint') : !dialogue && !arranger ? t('participants.ownerOnlyHint') : null}</p>
          {message && (
            <p role="alert" className={styles.alert} data-testid="participants-message">
              {message}
            </p>
          )}
          {dialogue ? (
            <p className={styles.hint}>{t('participants.dialogue')}</p>
          ) : adding ? (
            <div className={styles.adding}>
              <ParticipantPicker
                taken={participants.map((p) => p.uid)}
                selected={selected}
                onSelectedChange={setSelected}
                actions={{
                  busy,
                  onCancel: () => {
                    setAdding(false);
                    setSelected([]);
                  },
                  onAdd: () => void addSelected(),
                }}
              />
            </div>
          ) : (
            <div className={styles.addButtons}>
              <Button scheme="gray" block onClick={() => setAdding(true)} data-testid="add-participants">
                {t('participants.add')}
              </Button>
              <Button scheme="gray" block onClick={() => setFromContacts(true)} data-testid="add-from-contacts">
                {t('participants.fromContacts')}
              </Button>
            </div>
          )}
          {fromContacts && (
            <ContactParticipantsModal
              taken={participants.map((p) => p.uid)}
              busy={busy}
              onAdd={(uids) => void addSelected(uids)}
              onClose={() => setFromContacts(false)}
            />
          )}
        </div>
      )}
      {removing && (
        <ConfirmDialog
          title={t('participants.delete', { name: participantName(removing, t) })}
          text={t('participants.deleteConfirm', { name: participantName(removing, t) })}
          confirmLabel={t('common:actions.delete')}
          scheme="danger"
          onSubmit={() => save({ contacts: participants.filter((p) => p.uid !== removing.uid).map((p) => p.uid) })}
          onClose={() => setRemoving(null)}
        />
      )}
    </section>
  );
}

function FamilyGroup({
  index,
  droppable,
  wholeFamily,
  firstWhole,
  event,
  children,
}: {
  index: number;
  droppable: boolean;
  wholeFamily: number | null;
  firstWhole: boolean;
  event: Event;
  children: ReactNode;
}) {
  const { t } = useTranslation('events');
  const { setNodeRef, isOver } = useDroppable({ id: familyId(index), disabled: !droppable });
  return (
    <li ref={setNodeRef} className={styles.family} data-over={isOver || undefined} data-testid="family" data-tour={index === 0 ? 'event-family' : undefined}>
      <ul className={styles.members}>{children}</ul>
      {wholeFamily !== null && (
        <div className={styles.whole} data-tour={firstWhole ? 'event-family-total' : undefined} data-testid="whole-family">
          <span className={styles.wholeName}>{t('participants.wholeFamily')}</span>
          <BalanceMessage amount={wholeFamily} currency={event.currency} subject="family" approximate={event.approximate} />
        </div>
      )}
    </li>
  );
}

function NewFamilyTarget({ active }: { active: boolean }) {
  const { t } = useTranslation('events');
  const { setNodeRef, isOver } = useDroppable({ id: NEW_FAMILY_ID });
  return (
    <div ref={setNodeRef} className={styles.newFamily} data-active={active || undefined} data-over={isOver || undefined} data-testid="new-family">
      {t('participants.newFamily')}
    </div>
  );
}

interface FamilyChoice {
  value: string;
  label: string;
  current?: boolean;
}

interface PersonDetailsProps {
  person: EventParticipant;
  currency: Event['currency'];
  approximate: Event['approximate'];
  /** The 'Move to family' choices, when the reader may regroup. */
  families: FamilyChoice[] | null;
  onMove: (uid: number, target: FamilyTarget) => void;
  removable: boolean;
  onRemove: (person: EventParticipant) => void;
}

interface PersonRowProps extends PersonDetailsProps {
  draggable: boolean;
  dragging: boolean;
  tourDrag: boolean;
}

function PersonRow({ draggable, dragging, tourDrag, ...details }: PersonRowProps) {
  const { t } = useTranslation('events');
  const { person } = details;
  // Drawn again whenever the drag context changes; what it holds (PersonDetails) only when its figures do.
  const { setNodeRef, setActivatorNodeRef, listeners, attributes } = useDraggable({ id: `person-${person.uid}`, disabled: !draggable });
  return (
    <li ref={setNodeRef} className={styles.row} data-dragging={dragging || undefined} data-testid={`participant-${person.uid}`}>
      {draggable && (
        <button
          type="button"
          ref={setActivatorNodeRef}
          className={styles.handle}
          {...attributes}
          {...listeners}
          aria-label={t('participants.dragHandle', { name: participantName(person, t) })}
          data-testid={`drag-${person.uid}`}
          data-tour={tourDrag ? 'event-family-drag' : undefined}
        >
          <svg width="14" height="20" viewBox="0 0 14 20" aria-hidden="true">
            {[4, 10, 16].flatMap((y) => [<circle key={`a${y}`} cx="4" cy={y} r="1.6" />, <circle key={`b${y}`} cx="10" cy={y} r="1.6" />])}
          </svg>
        </button>
      )}
      <PersonDetails {...details} />
    </li>
  );
}

/**
 * A person's name, balance, family menu and remove button. Every answer about the event brings
 * new objects with, mostly, the same values: these are drawn again only when what they show
 * changed. On a desktop, 50 people each with a menu of every family were otherwise all drawn again
 * on each of the screen's loads.
 */
const PersonDetails = memo(function PersonDetails({ person, currency, approximate, families, onMove, removable, onRemove }: PersonDetailsProps) {
  const { t } = useTranslation('events');
  const name = participantName(person, t);
  return (
    <>
      <span className={styles.person}>
        <span className={styles.personTop}>
          <ParticipantName participant={person} size={36} />
          {person.is_owner && <span className={styles.ownerBadge}>{t('participants.owner')}</span>}
        </span>
        <BalanceMessage amount={person.balance} currency={currency} subject="person" approximate={approximate} className={styles.balance} />
      </span>
      {families && families.length > 1 && (
        // Dragging is hard on a phone and takes a screen reader's instructions: a plain menu does the same.
        <select
          className={styles.moveSelect}
          aria-label={t('participants.move.label', { name })}
          value={families.find((f) => f.current)?.value ?? ''}
          onChange={(e) => onMove(person.uid, e.target.value === 'new' ? { kind: 'new' } : { kind: 'family', index: Number(e.target.value) })}
          data-testid={`move-${person.uid}`}
        >
          {families.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </select>
      )}
      {removable && (
        <button
          type="button"
          className={styles.remove}
          onClick={() => onRemove(person)}
          aria-label={t('participants.delete', { name })}
          data-testid={`remove-${person.uid}`}
        >
          <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
            <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
        </button>
      )}
    </>
  );
}, sameDetails);

function sameDetails(a: PersonDetailsProps, b: PersonDetailsProps): boolean {
  return (
    shallowEqual(a.person, b.person) &&
    a.currency === b.currency &&
    a.approximate === b.approximate &&
    sameChoices(a.families, b.families) &&
    a.onMove === b.onMove &&
    a.removable === b.removable &&
    a.onRemove === b.onRemove
  );
}

function sameChoices(a: FamilyChoice[] | null, b: FamilyChoice[] | null): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  return a.every((choice, i) => shallowEqual(choice, b[i]));
}
