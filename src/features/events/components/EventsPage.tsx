import { Activity, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { parseEventId, useEventsList, useOpenEvent } from '../hooks';
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
  const raw = useParams().id;
  const id = parseEventId(raw);
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);

  useEventsList();
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
