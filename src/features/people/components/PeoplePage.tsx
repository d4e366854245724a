import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { PeopleList } from './PeopleList';
import { PersonView } from './PersonView';
import layout from '@/components/MasterDetail.module.css';
import styles from './People.module.css';

/** A uid from the path: a positive integer, else null (which shows as not found). */
export function parseUid(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d{1,10}$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 && n <= 2_147_483_647 ? n : null;
}

/**
 * The People screen (/people/:uid?): the list, and the chosen person beside it. On a phone
 * (≤ 769.5 px) the list stands alone at /people and the person takes the screen at /people/<uid>.
 */
export default function PeoplePage() {
  const { t } = useTranslation('people');
  const raw = useParams().uid;
  const open = raw !== undefined;
  return (
    <div className={`${layout.frame} ${styles.frame}`} data-open={open ? 'detail' : 'list'}>
      <aside className={layout.listPane} aria-label={t('list.title')}>
        <PeopleList activeUid={parseUid(raw)} />
      </aside>
      <section className={layout.detailPane}>
        {open ? (
          <PersonView key={raw} uid={parseUid(raw)} />
        ) : (
          <div className={layout.choose}>
            <p className="muted">{t('person.choose')}</p>
          </div>
        )}
      </section>
    </div>
  );
}
