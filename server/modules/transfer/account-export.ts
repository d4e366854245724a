import type { Db } from '../../db/client';
import { listContacts } from '../contacts/service';
import { eventsOfUser } from '../events/repository';
import { imageKeyFromUrl, imageOriginal } from '../images/service';
import { getMe } from '../users/service';
import { exportEventJson } from './export';

/**
 * GET /user/me/export/: everything the caller can see, as one JSON document (docs/decisions/
 * 0029-export-and-import.md): their profile with its family, their contacts, every event and
 * dialogue they take part in (deleted ones too) with every operation, its history and the payback
 * requests among them, and every picture these name, as stored. Written event by event as a stream,
 * so a long history neither waits in memory whole nor holds the server while it is read.
 */
export async function* accountExport(db: Db, viewer: number, now: Date): AsyncGenerator<string> {
  const pictures = new Set<string>();
  const note = (url: string | null | undefined) => {
    if (url) pictures.add(url);
  };
  const profile = await getMe(db, viewer);
  note(profile.avatar_url);
  const contacts = await listContacts(db, viewer);
  for (const c of contacts) note(c.avatar_url);
  yield `{"format":"dolya.account","version":1,"exported_at":${JSON.stringify(now.toISOString())},`;
  yield `"profile":${JSON.stringify(profile)},"contacts":${JSON.stringify(contacts)},"events":[`;
  const rows = [...(await eventsOfUser(db, viewer, false)), ...(await eventsOfUser(db, viewer, true))];
  let first = true;
  for (const row of rows) {
    const data = await exportEventJson(db, viewer, row.id, now);
    note(data.event.image_url);
    for (const p of data.event.contacts) note(p.avatar_url);
    for (const op of data.operations) for (const r of op.receipts) note(r.url);
    yield `${first ? '' : ','}${JSON.stringify(data)}`;
    first = false;
  }
  yield '],"pictures":{';
  first = true;
  for (const url of pictures) {
    const key = imageKeyFromUrl(url);
    const image = key ? await imageOriginal(db, key) : null;
    if (!image) continue;
    yield `${first ? '' : ','}${JSON.stringify(url)}:${JSON.stringify(`data:image/webp;base64,${image.data.toString('base64')}`)}`;
    first = false;
  }
  yield '}}';
}
