import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contact } from '@common/contract/contacts';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Avatar } from '@/components/Avatar';
import { Button } from '@/components/Button';
import { loadPhoneLib, phoneLibIfLoaded, type PhoneLib } from '@/components/phone-lib';
import { Spinner } from '@/components/Spinner';
import { AddFriendModal, fetchContacts } from '@/features/contacts';
import { pickerCandidates, SEARCH_DEBOUNCE_MS } from '../picker';
import formStyles from '@/components/Form.module.css';
import styles from './ParticipantPicker.module.css';
import { notLoaded } from '@/lib/load-status';

/**
 * My contact book from the contacts feature (loaded with the app, specification §4). Someone added
 * through the add-friend modal is in it at once: adding stores the server's new book.
 */
function useContacts() {
  const dispatch = useAppDispatch();
  const items = useAppSelector((s) => s.contacts.items);
  const status = useAppSelector((s) => s.contacts.status);
  useEffect(() => {
    if (notLoaded(status)) void dispatch(fetchContacts());
  }, [status, dispatch]);
  return {
    contacts: items,
    status: notLoaded(status) ? 'loading' : status,
    retry: () => void dispatch(fetchContacts()),
  };
}

/** A search that is a phone number rather than a name: digits and phone punctuation, at least 7 digits. */
function typedPhone(query: string): string | null {
  const text = query.trim();
  if (!/^[\d\s()+\-.]+$/.test(text) || text.replace(/\D/g, '').length < 7) return null;
  return text.replace(/[^\d+]/g, '');
}

/** What was typed in the search, handed to the add-friend modal: a phone fills the phone, anything else the names. */
function addFriendStart(query: string): { initialPhone?: string; initialName?: string } {
  const phone = typedPhone(query);
  return phone ? { initialPhone: phone } : { initialName: query.trim() };
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export interface PickerActions {
  onCancel: () => void;
  onAdd: () => void;
  busy?: boolean;
}

/**
 * The add-participants picker (specification §2): a search over the contacts not yet chosen, by
 * name in any spelling or by phone digits, 500 ms after the last keystroke. With no match it asks
 * 'Do you want to add a new participant?'. With `actions`, Cancel and Add (disabled until someone
 * is selected) close it.
 */
export function ParticipantPicker({
  taken,
  selected,
  onSelectedChange,
  actions,
}: {
  /** Already in the event (and me): never offered. */
  taken: readonly number[];
  selected: readonly number[];
  onSelectedChange: (uids: number[]) => void;
  actions?: PickerActions;
}) {
  const { t } = useTranslation('events');
  const searchId = useId();
  const { contacts, status, retry } = useContacts();
  const [query, setQuery] = useState('');
  const term = useDebounced(query, SEARCH_DEBOUNCE_MS);
  const [adding, setAdding] = useState(false);
  const [phoneLib, setPhoneLib] = useState<PhoneLib | null>(phoneLibIfLoaded);
  useEffect(() => {
    if (!phoneLib) void loadPhoneLib().then(setPhoneLib);
  }, [phoneLib]);
  const showPhone = (phone: string) => phoneLib?.formatPhoneInternational(phone) ?? phone;

  const byUid = useMemo(() => new Map(contacts.map((c) => [c.uid, c])), [contacts]);
  const excluded = useMemo(() => new Set([...taken, ...selected]), [taken, selected]);
  const candidates = useMemo(() => pickerCandidates(contacts, excluded, term), [contacts, excluded, term]);
  // A new user's book holds only themselves: nobody is 'already added', there is nobody yet.
  const bookEmpty = contacts.every((c) => c.is_me);
  const phone = typedPhone(term);
  const chosen = selected.map((uid) => byUid.get(uid)).filter((c): c is Contact => !!c);

  const select = (uid: number) => onSelectedChange([...selected, uid]);
  const unselect = (uid: number) => onSelectedChange(selected.filter((u) => u !== uid));

  return (
    <div className={styles.picker} data-testid="participant-picker">
      {chosen.length > 0 && (
        <ul className={styles.chips} aria-label={t('picker.selected', { count: chosen.length })}>
          {chosen.map((c) => (
            <li key={c.uid} className={styles.chip}>
              <Avatar url={c.avatar_url} name={c.name} size={24} />
              <span>{c.name}</span>
              <button type="button" className={styles.chipRemove} onClick={() => unselect(c.uid)} aria-label={`${t('common:actions.delete')}: ${c.name}`}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <label htmlFor={searchId} className="visually-hidden">
        {t('picker.search')}
      </label>
      <input
        id={searchId}
        type="search"
        className={styles.search}
        placeholder={t('picker.search')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        autoComplete="off"
        data-testid="picker-search"
        onKeyDown={(e) => {
          // Enter picks the only match instead of submitting the form around the picker.
          if (e.key !== 'Enter') return;
          e.preventDefault();
          if (candidates.length === 1) {
            select(candidates[0]!.uid);
            setQuery('');
          }
        }}
      />
      {status === 'loading' && contacts.length === 0 && <Spinner size={20} />}
      {status === 'error' && contacts.length === 0 && (
        <p role="alert" className={formStyles.error}>
          {t('picker.loadError')}{' '}
          <button type="button" className={styles.link} onClick={retry}>
            {t('common:actions.retry')}
          </button>
        </p>
      )}
      {(contacts.length > 0 || status === 'success') && (
        <>
          {candidates.length > 0 ? (
            <ul className={styles.results} aria-label={t('picker.search')} data-testid="picker-results">
              {candidates.map((c) => (
                <li key={c.uid}>
                  <button type="button" className={styles.result} onClick={() => select(c.uid)} data-testid={`pick-${c.uid}`}>
                    <Avatar url={c.avatar_url} name={c.name} size={32} />
                    <span className={styles.resultName}>{c.name}</span>
                    {c.name !== showPhone(c.phone) && <span className={styles.resultPhone}>{showPhone(c.phone)}</span>}
                    <span className={styles.plus} aria-hidden="true">
                      +
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <div className={styles.noMatch} data-testid="picker-no-match">
              {/* A search that finds nobody says so, even when everyone in the book is added: the name typed may be someone not in it yet. */}
              <p>{term.trim() ? t('picker.noMatch', { query: term.trim() }) : bookEmpty ? t('picker.noContacts') : t('picker.allAdded')}</p>
              {phone ? (
                // A phone typed into the search is offered at once, formatted as it will be added.
                <Button onClick={() => setAdding(true)} data-testid="picker-add-phone">
                  {t('picker.addPhone', { phone: showPhone(phone) })}
                </Button>
              ) : (
                <>
                  <p>{t('picker.askNew')}</p>
                  <Button scheme="gray" onClick={() => setAdding(true)} data-testid="picker-add-new">
                    {t('picker.yes')}
                  </Button>
                </>
              )}
            </div>
          )}
        </>
      )}
      {actions && (
        <div className={formStyles.actions}>
          <Button scheme="gray" onClick={actions.onCancel}>
            {t('picker.cancel')}
          </Button>
          <Button onClick={actions.onAdd} disabled={selected.length === 0 || actions.busy} data-testid="picker-add">
            {actions.busy && <Spinner size={16} />}
            {t('picker.add')}
          </Button>
        </div>
      )}
      {adding && (
        <AddFriendModal
          {...addFriendStart(query)}
          onClose={() => setAdding(false)}
          onAdded={(added) => {
            if (!excluded.has(added.uid)) onSelectedChange([...selected, added.uid]);
            setQuery('');
          }}
        />
      )}
    </div>
  );
}
