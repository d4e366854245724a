import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { event as eventSchema } from '../../../common/contract/events';
import { call, createTestApp, type TestApp } from '../../../tests/api/harness';
import { addContacts, eventWith, people, type Person } from '../../../tests/api/ledger-factories';

let t: TestApp;
let anna: Person, boris: Person;

beforeAll(async () => {
  t = await createTestApp();
  [anna, boris] = (await people(t, ['Anna', 'Boris'])) as [Person, Person];
  await addContacts(t, anna, [boris]);
});
afterAll(async () => {
  await t.close();
});

async function picture(width: number, height: number, format: 'png' | 'jpeg' | 'gif' = 'png'): Promise<string> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } });
  return (await image.toFormat(format).toBuffer()).toString('base64');
}

const create = (who: Person, body: Record<string, unknown>) =>
  call(t.app, 'POST', '/app/api/v1/event/', { token: who.token, body: { event_name: 'Trip', contacts: [boris.uid], ...body } });
const update = (who: Person, id: number, data: Record<string, unknown>) => call(t.app, 'PUT', `/app/api/v1/event/${id}/`, { token: who.token, body: { data } });
const fetchImage = (url: string) => t.app.inject({ method: 'GET', url: url.replace('{size}', '140x140') });

describe('the event image', () => {
  it('stores a base64 picture sent on creation and serves it at the URL the event carries', async () => {
    const res = await create(anna, { image_url: `data:image/jpeg;base64,${await picture(300, 300, 'jpeg')}` });
    expect(res.status).toBe(201);
    const ev = eventSchema.parse(res.body);
    expect(ev.image_url).toMatch(/^\/app\/img\/[0-9a-f]{32}\/\{size\}\.webp$/);
    const served = await fetchImage(ev.image_url!);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(140);
    // Every participant sees the same picture.
    const seen = await call(t.app, 'GET', `/app/api/v1/event/${ev.id}/`, { token: boris.token });
    expect(seen.body.image_url).toBe(ev.image_url);
  });

  it('creates the event without a picture when none is sent', async () => {
    expect(eventSchema.parse((await create(anna, {})).body).image_url).toBeNull();
    expect(eventSchema.parse((await create(anna, { image_url: null })).body).image_url).toBeNull();
  });

  it.each([
    ['too small', async () => picture(69, 69), 'picture_size'],
    ['too large a side', async () => picture(70, 10_001), 'picture_size'],
    ['not square', async () => picture(200, 150), 'picture_not_square'],
    ['a gif', async () => picture(100, 100, 'gif'), 'picture_invalid'],
    ['not a picture', async () => Buffer.from('a letter, not a picture').toString('base64'), 'picture_invalid'],
    ['garbage base64', async () => 'not base64 at all !!!', 'picture_invalid'],
    ['longer than the cropped-URL limit', async () => 'A'.repeat(1_000_004), 'picture_too_big'],
    ['over 5 MB', async () => randomBytes(6_000_000).toString('base64'), 'picture_too_big'],
    [
      "someone's stored picture",
      async () =>
        String((await call(t.app, 'PUT', '/app/api/v2/user/me/', { token: boris.token, body: { avatar_url: await picture(90, 90) } })).body.avatar_url),
      'picture_invalid',
    ],
    ['a picture URL of the old numbered form', async () => '/app/img/1/{size}.webp', 'picture_invalid'],
  ])('refuses %s on creation with its code, creating nothing', async (_name, input, code) => {
    const before = await call(t.app, 'GET', '/app/api/v1/event/', { token: anna.token });
    const res = await create(anna, { image_url: await input() });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code, field: 'image_url' });
    const after = await call(t.app, 'GET', '/app/api/v1/event/', { token: anna.token });
    expect(after.body).toHaveLength(before.body.length);
  });

  it('lets the owner replace and remove the picture; the old one is gone', async () => {
    const id = eventSchema.parse((await create(anna, { image_url: await picture(120, 120) })).body).id;
    const first = (await call(t.app, 'GET', `/app/api/v1/event/${id}/`, { token: anna.token })).body.image_url as string;
    const replaced = await update(anna, id, { image_url: await picture(150, 150) });
    expect(replaced.status).toBe(200);
    const second = eventSchema.parse(replaced.body).image_url!;
    expect(second).toMatch(/^\/app\/img\/[0-9a-f]{32}\/\{size\}\.webp$/);
    expect(second).not.toBe(first);
    expect((await fetchImage(first)).statusCode).toBe(404);
    expect((await fetchImage(second)).statusCode).toBe(200);
    // Sending the current URL back (with a real size, as a form might) changes nothing.
    const same = await update(anna, id, { image_url: second.replace('{size}', '90x90'), event_name: 'Renamed' });
    expect(eventSchema.parse(same.body)).toMatchObject({ image_url: second, event_name: 'Renamed' });
    const removed = await update(anna, id, { image_url: null });
    expect(eventSchema.parse(removed.body).image_url).toBeNull();
    expect((await fetchImage(second)).statusCode).toBe(404);
  });

  it('refuses a bad picture on update and keeps the old one', async () => {
    const id = eventSchema.parse((await create(anna, { image_url: await picture(100, 100) })).body).id;
    const url = (await call(t.app, 'GET', `/app/api/v1/event/${id}/`, { token: anna.token })).body.image_url as string;
    const res = await update(anna, id, { image_url: await picture(40, 40), event_name: 'Not this' });
    expect(res.body).toMatchObject({ code: 'picture_size', field: 'image_url' });
    const ev = eventSchema.parse((await call(t.app, 'GET', `/app/api/v1/event/${id}/`, { token: anna.token })).body);
    expect(ev).toMatchObject({ image_url: url, event_name: 'Trip' });
  });

  it('does not let a participant who is not the owner change it, but lets them send it back unchanged', async () => {
    const id = await eventWith(t, anna, [boris], { image_url: await picture(100, 100) });
    const url = (await call(t.app, 'GET', `/app/api/v1/event/${id}/`, { token: anna.token })).body.image_url as string;
    for (const image_url of [await picture(110, 110), null]) {
      const res = await update(boris, id, { image_url });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('not_event_owner');
    }
    expect((await call(t.app, 'GET', `/app/api/v1/event/${id}/`, { token: boris.token })).body.image_url).toBe(url);
    expect((await fetchImage(url)).statusCode).toBe(200);
    const unchanged = await update(boris, id, { image_url: url, event_name: 'Boris names it' });
    expect(unchanged.status).toBe(200);
    expect(eventSchema.parse(unchanged.body)).toMatchObject({ image_url: url, event_name: 'Boris names it' });
  });
});
