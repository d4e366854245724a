import { Activity, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { fetchEvents } from '../events-slice';
import { parseEventId, useOpenEvent } from '../hooks';
import { CreateEventModal } from './CreateEventModal';
import { ImportEventModal } from './ImportEventModal';
import { EventList } from './EventList';
import { EventView } from './EventView';
import { UndoToast } from './UndoToast';
import layout from '@/components/MasterDetail.module.css';
import { useListShown } from '@/components/master-detail';
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
  // The display currency picked in the rates window: the list is read again in it.
  const listCurrency = useAppSelector((s) => s.currencies.display);
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);

  // Every visit reads the list again (unread counts, balances moved by others); rows already
  // loaded stay on screen meanwhile.
  useEffect(() => {
    void dispatch(fetchEvents());
  }, [dispatch, listCurrency]);

  useOpenEvent(id);

  const open = raw !== undefined;
  const listShown = useListShown(open);
  return (
    <div className={`${layout.frame} ${styles.frame}`} data-open={open ? 'detail' : 'list'}>
      <aside className={layout.listPane} aria-label={t('list.title')}>
        {/* Hidden, the list keeps its state and is drawn only when nothing on screen waits. */}
        <Activity mode={listShown ? 'visible' : 'hidden'}>
          <EventList activeId={id} onCreate={() => setCreating(true)} onImport={() => setImporting(true)} />
        </Activity>
      </aside>
      <section className={layout.detailPane}>
        {open ? (
          <EventView id={id} />
        ) : (
          <div className={layout.choose}>
            <p className="muted">{t('event.choose')}</p>
          </div>
        )}
      </section>
      {creating && <CreateEventModal onClose={() => setCreating(false)} />}
      {importing && <ImportEventModal onClose={() => setImporting(false)} />}
      <UndoToast />
    </div>
  );
}
