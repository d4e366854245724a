import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { PeopleFamily, Person } from '@common/contract/people';
import { useAppDispatch } from '@/app/hooks';
import { Avatar } from '@/components/Avatar';
import { Button } from '@/components/Button';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Spinner } from '@/components/Spinner';
import { AddFriendModal, usePhoneFormat } from '@/features/contacts';
import { useDisplayCurrency } from '@/features/currencies';
import { addToContacts, deleteFromContacts } from '../contact-actions';
import { peopleRows } from '../lib/people-rows';
import { peopleChanged, peopleListOf, usePeopleListInfiniteQuery } from '../people-queries';
import { PeopleBalance } from './PeopleBalance';
import { QuickLoan } from './QuickLoan';
import { ShareBlock } from './ShareBlock';
import { addableAsContact, knownByNameAlone } from '../lib/name-alone';
import styles from './People.module.css';
import layout from '@/components/MasterDetail.module.css';
import { SkeletonRows } from '@/components/SkeletonRows';

/** A phone as a second line only when the name shown is not the phone itself. */
function showPhone(p: Person): boolean {
  return !knownByNameAlone(p) && p.name.replace(/\D/g, '') !== p.phone.replace(/\D/g, '');
}

/**
 * The People list (specification §2): everyone I have as a contact or share an event with, 20 a
 * page with the next page read when its end scrolls into view, families together under a 'Whole
 * family' row.
 */
export function PeopleList({ activeUid }: { activeUid: number | null }) {
  const { t } = useTranslation('people');
  const dispatch = useAppDispatch();
  const { currency } = useDisplayCurrency();
  // Every visit, and every change of the display currency, reads the list from the start; after
  // any change to the money the pages shown are read again, the rows keeping their place.
  const read = usePeopleListInfiniteQuery({ currency });
  const list = useMemo(() => (read.data ? peopleListOf(read.data.pages) : null), [read.data]);
  const rows = useMemo(() => (list ? peopleRows(list.items, list.families) : []), [list]);
  const more = list !== null && read.hasNextPage;
  const moreFailed = read.isFetchNextPageError;
  const sentinel = useRef<HTMLLIElement | null>(null);
  const [addingFriend, setAddingFriend] = useState(false);

  const next = useRef(() => {});
  next.current = () => {
    if (more && !read.isFetchingNextPage && !moreFailed) void read.fetchNextPage();
  };
  const pagesRead = read.data?.pages.length ?? 0;
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !more) return;
    if (typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && next.current(), { rootMargin: '200px' });
    io.observe(el);
    return () => io.disconnect();
  }, [more, pagesRead]);

  let body;
  if (!list && read.isError) {
    body = (
      <div className={layout.state} role="alert">
        <p>{t('list.error')}</p>
        <Button scheme="gray" onClick={() => void read.refetch()}>
          {t('common:actions.retry')}
        </Button>
      </div>
    );
  } else if (!list) {
    body = (
      <>
        <p className="visually-hidden" role="status">
          {t('common:actions.loading')}
        </p>
        <SkeletonRows count={5} testId="people-skeleton" />
      </>
    );
  } else if (rows.length === 0) {
    body = (
      <div className={layout.state} data-testid="people-empty">
        <p className={styles.emptyTitle}>{t('list.empty')}</p>
        <p className={styles.hint}>{t('list.emptyHint')}</p>
      </div>
    );
  } else {
    body = (
      <ul className={layout.rows} data-testid="people-list">
        {rows.map((row) =>
          row.type === 'person' ? (
            <PersonRow
              key={row.person.uid}
              person={row.person}
              family={row.family}
              active={row.person.uid === activeUid}
              currency={list.currency}
              approximate={list.approximate}
            />
          ) : (
            <FamilyRow key={`family-${row.family.id}`} family={row.family} currency={list.currency} approximate={list.approximate} />
          ),
        )}
        {more && (
          <li ref={sentinel} className={styles.more} data-testid="people-more">
            {moreFailed ? (
              <span role="alert" className={styles.moreError}>
                {t('list.moreError')}{' '}
                <Button scheme="gray" onClick={() => void read.fetchNextPage()}>
                  {t('common:actions.retry')}
                </Button>
              </span>
            ) : (
              <>
                <Spinner size={18} decorative />
                <span>{t('list.more')}</span>
              </>
            )}
          </li>
        )}
      </ul>
    );
  }

  return (
    <div className={layout.list} aria-busy={read.isFetching} data-status={read.isFetching ? 'loading' : read.isError ? 'error' : 'success'}>
      <div className={layout.listHead}>
        <h1 className={layout.listTitle}>{t('list.title')}</h1>
        <Button onClick={() => setAddingFriend(true)} data-testid="add-friend">
          <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
            <path d="M8 3v10M3 8h10" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          {t('list.addFriend')}
        </Button>
      </div>
      <p className={styles.scope} data-testid="people-scope">
        {t('list.scope')}
      </p>
      {body}
      <ShareBlock />
      {addingFriend && <AddFriendModal onClose={() => setAddingFriend(false)} onAdded={() => dispatch(peopleChanged())} />}
    </div>
  );
}

function PersonRow({
  person,
  family,
  active,
  currency,
  approximate,
}: {
  person: Person;
  family: PeopleFamily | null;
  active: boolean;
  currency: string | null;
  approximate: boolean;
}) {
  const { t } = useTranslation('people');
  const dispatch = useAppDispatch();
  const formatPhone = usePhoneFormat();
  const [confirming, setConfirming] = useState(false);
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inFamily = !!family && family.members.length > 1;

  const add = async () => {
    setAdding(true);
    setError(null);
    const result = await dispatch(addToContacts({ uid: person.uid, name: person.contact_name || person.full_name, phone: person.phone }));
    setAdding(false);
    if (addToContacts.rejected.match(result)) setError(t('contacts.failed'));
  };
  const remove = async () => {
    setError(null);
    const result = await dispatch(deleteFromContacts({ uid: person.uid, phone: person.phone }));
    if (deleteFromContacts.rejected.match(result)) setError(t('contacts.failed'));
  };

  return (
    <li className={inFamily ? `${styles.row} ${styles.inFamily}` : styles.row} data-testid={`person-row-${person.uid}`} data-family={family?.id}>
      <div className={styles.rowTop}>
        <Link
          to={`/people/${person.uid}`}
          className={`${layout.rowLink} ${styles.rowLink}`}
          aria-current={active ? 'page' : undefined}
          data-testid={`person-link-${person.uid}`}
        >
          <Avatar url={person.avatar_url} name={person.name} size={44} />
          <span className={styles.rowMain}>
            <span className={styles.rowName}>{person.name}</span>
            {showPhone(person) && <span className={styles.rowPhone}>{formatPhone(person.phone)}</span>}
            {!person.is_registered && <span className={styles.tag}>{t('list.notRegistered')}</span>}
            <PeopleBalance balance={person.balance} currency={currency} approximate={approximate} who={person} className={styles.rowBalance} />
          </span>
        </Link>
        <span className={styles.rowActions}>
          {addableAsContact(person) && (
            <Button scheme="gray" className={styles.smallButton} onClick={() => void add()} disabled={adding} aria-busy={adding} data-testid="add-contact">
              {adding && <Spinner size={14} decorative />}
              {t('contacts.add')}
            </Button>
          )}
          {person.is_contact_exists && (
            <button
              type="button"
              className={styles.iconButton}
              onClick={() => setConfirming(true)}
              aria-label={t('contacts.deleteLabel', { name: person.name })}
              title={t('contacts.deleteLabel', { name: person.name })}
              data-testid="delete-contact"
            >
              <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
                <path d="M5 7h14M10 7V5h4v2M7 7l1 12h8l1-12" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </button>
          )}
        </span>
      </div>
      <QuickLoan uid={person.uid} name={person.name} />
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {confirming && (
        <ConfirmDialog
          title={t('contacts.deleteTitle')}
          text={t('contacts.deleteText', { name: person.name })}
          confirmLabel={t('contacts.delete')}
          scheme="danger"
          onSubmit={remove}
          onClose={() => setConfirming(false)}
        />
      )}
    </li>
  );
}

function FamilyRow({ family, currency, approximate }: { family: PeopleFamily; currency: string | null; approximate: boolean }) {
  const { t } = useTranslation('people');
  return (
    <li className={styles.familyRow} data-testid={`whole-family-${family.id}`}>
      <span className={styles.familyName}>
        {t('list.wholeFamily')}
        {family.is_mine && <span className={styles.tag}>{t('list.myFamily')}</span>}
      </span>
      <PeopleBalance balance={family.balance} currency={currency} approximate={approximate} who="family" className={styles.rowBalance} />
    </li>
  );
}
