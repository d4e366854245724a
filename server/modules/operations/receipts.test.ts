import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_RECEIPTS, operation } from '../../../common/contract/operations';
import { call, createTestApp, type TestApp } from '../../../tests/api/harness';
import { picture } from '../../../tests/api/factories';
import { eventWith, operate, people, type Person } from '../../../tests/api/ledger-factories';

/** Receipt pictures on an operation: stored re-encoded, seen by every participant, closed to everyone else. */
let t: TestApp;
let anna: Person, boris: Person, eve: Person;
let eventId: number;

beforeAll(async () => {
  t = await createTestApp();
  [anna, boris, eve] = (await people(t, ['Anna', 'Boris', 'Eve'])) as [Person, Person, Person];
  eventId = await eventWith(t, anna, [boris], { eventCurrency: 'RUB' });
});
afterAll(async () => {
  await t.close();
});

const dinner = () => ({
  event_id: eventId,
  details: { kind: 'even_purchase', amount: 3000, description: 'Dinner' },
  participants: [{ uid: anna.uid }, { uid: boris.uid }],
});
const attach = (who: Person, id: number, data: string) =>
  call(t.app, 'POST', `/app/api/v1/operation/${id}/receipts/`, { token: who.token, body: { picture: data } });

describe('receipts', () => {
  it('keeps a tall photo legible, drops its EXIF position, and shows it to the other participant', async () => {
    const op = operation.parse(await operate(t, anna, dinner()));
    // A phone photo: taller than wide, larger than kept, with a GPS position in its EXIF.
    const photo = await sharp({ create: { width: 1500, height: 3000, channels: 3, background: { r: 250, g: 250, b: 240 } } })
      .jpeg()
      .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '55/1 45/1 0/1' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const res = await attach(anna, op.id, `data:image/jpeg;base64,${photo.toString('base64')}`);
    expect(res.status).toBe(201);
    const [receipt] = operation.parse(res.body).receipts;
    expect(receipt).toMatchObject({ width: 1024, height: 2048, added_by: anna.uid });

    const seen = operation.parse((await call(t.app, 'GET', `/app/api/v1/operation/${op.id}/`, { token: boris.token })).body);
    expect(seen.receipts).toEqual([receipt]);
    const full = await t.app.inject({ method: 'GET', url: receipt!.url.replace('{size}', 'full') });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/webp');
    const stored = await sharp(full.rawPayload).metadata();
    expect([stored.width, stored.height, stored.exif]).toEqual([1024, 2048, undefined]);
    const thumb = await t.app.inject({ method: 'GET', url: receipt!.url.replace('{size}', '140x140') });
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(140);
  });

  it('is closed to anyone outside the event, refuses what is not a picture, and stops at the limit', async () => {
    const op = operation.parse(await operate(t, anna, dinner()));
    const png = await picture(200, 100);
    expect((await attach(eve, op.id, png)).status).toBe(404);
    const bad = await attach(boris, op.id, Buffer.from('not a picture at all').toString('base64'));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'picture_invalid', field: 'picture' });
    for (let i = 0; i < MAX_RECEIPTS; i++) expect((await attach(boris, op.id, png)).status).toBe(201);
    const over = await attach(anna, op.id, png);
    expect(over.status).toBe(400);
    expect(over.body.code).toBe('too_many_receipts');
    const listed = await call(t.app, 'GET', `/app/api/v1/operation/?event=${eventId}`, { token: anna.token });
    expect(listed.body.objects.find((o: { id: number }) => o.id === op.id).receipts).toHaveLength(MAX_RECEIPTS);
  });

  it('is removed by a participant, its picture gone with it, and not by anyone else', async () => {
    const op = operation.parse(await operate(t, anna, dinner()));
    const added = operation.parse((await attach(anna, op.id, await picture(300, 400, 'jpeg'))).body);
    const receipt = added.receipts[0]!;
    const url = receipt.url.replace('{size}', 'full');
    expect((await call(t.app, 'DELETE', `/app/api/v1/operation/${op.id}/receipts/${receipt.id}/`, { token: eve.token })).status).toBe(404);
    const other = operation.parse(await operate(t, anna, dinner()));
    // A receipt id of another operation is not this operation's to remove.
    expect((await call(t.app, 'DELETE', `/app/api/v1/operation/${other.id}/receipts/${receipt.id}/`, { token: boris.token })).status).toBe(404);
    const removed = await call(t.app, 'DELETE', `/app/api/v1/operation/${op.id}/receipts/${receipt.id}/`, { token: boris.token });
    expect(removed.status).toBe(200);
    expect(operation.parse(removed.body).receipts).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});
