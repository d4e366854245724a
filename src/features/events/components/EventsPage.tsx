import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { fetchEvent, fetchEvents } from '../events-slice';
import { parseEventId } from '../hooks';
import { CreateEventModal } from './CreateEventModal';
import { EventList } from './EventList';
import { EventView } from './EventView';
import { UndoToast } from './UndoToast';
import styles from './EventsPage.module.css';

/**
 * The events frame (/events/:id?): the list, and the open event with its tabs, whose pages come
 * from the operations feature through the router's <Outlet />. On a phone (≤ 769.5 px) the list
 * stands alone at /events and the event takes the whole screen at /events/{id}/….
 */
export default function EventsPage() {
  const { t } = useTranslation('events');
  const dispatch = useAppDispatch();
  const raw = useParams().id;
  const id = parseEventId(raw);
  const listStatus = useAppSelector((s) => s.events.listStatus);
  const displayKey = useAppSelector((s) => (id !== null ? JSON.stringify(s.events.display[id] ?? null) : ''));
  const [creating, setCreating] = useState(false);

  useEffect(() => {
    if (listStatus === 'idle') void dispatch(fetchEvents());
  }, [listStatus, dispatch]);

  useEffect(() => {
    if (id === null) return;
    const request = dispatch(fetchEvent(id));
    return () => request.abort();
    // displayKey: a new display mode reads the event again in it.
  }, [id, displayKey, dispatch]);

  const open = raw !== undefined;
  return (
    <div className={styles.frame} data-open={open ? 'event' : 'list'}>
      <aside className={styles.listPane} aria-label={t('list.title')}>
        <EventList activeId={id} onCreate={() => setCreating(true)} />
      </aside>
      <section className={styles.eventPane}>
        {open ? (
          <EventView id={id} />
        ) : (
          <div className={styles.choose}>
            <p className="muted">{t('event.choose')}</p>
          </div>
        )}
      </section>
      {creating && <CreateEventModal onClose={() => setCreating(false)} />}
      <UndoToast />
    </div>
  );
}
