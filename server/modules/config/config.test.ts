import { afterEach, describe, expect, it } from 'vitest';
import { publicConfigResponse } from '../../../common/contract/config';
import { call, createTestApp, type TestApp } from '../../../tests/api/harness';
import { eventWith, people } from '../../../tests/api/ledger-factories';

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

describe('GET /app/api/v1/config/', () => {
  it('gives the support address from SUPPORT_EMAIL, without signing in', async () => {
    t = await createTestApp({ SUPPORT_EMAIL: 'help@example.org' });
    const { status, body } = await call(t.app, 'GET', '/app/api/v1/config/');
    expect(status).toBe(200);
    expect(publicConfigResponse.parse(body)).toEqual({ support_email: 'help@example.org', access_checking: true });
  });

  it('falls back to the default address when SUPPORT_EMAIL is not set', async () => {
    t = await createTestApp();
    const { body } = await call(t.app, 'GET', '/app/api/v1/config/');
    expect(body).toEqual({ support_email: 'support@dolya.app', access_checking: true });
  });

  it("says when access checking is off (§6 'unless access checking is off'), and then any participant may regroup families and remove people", async () => {
    t = await createTestApp({ ACCESS_CHECKING: 'off' });
    expect((await call(t.app, 'GET', '/app/api/v1/config/')).body).toMatchObject({ access_checking: false });
    const [owner, boris, vera] = await people(t, ['Owner', 'Boris', 'Vera']);
    const id = await eventWith(t, owner!, [boris!, vera!]);
    const regroup = await call(t.app, 'PUT', `/app/api/v1/event/${id}/`, {
      token: boris!.token,
      body: { data: { families: [[owner!.uid, boris!.uid], [vera!.uid]] } },
    });
    expect(regroup.status).toBe(200);
    const remove = await call(t.app, 'PUT', `/app/api/v1/event/${id}/`, { token: boris!.token, body: { data: { contacts: [owner!.uid, boris!.uid] } } });
    expect(remove.status).toBe(200);
    // The rest stays the owner's: the currency, the picture, deleting the event.
    expect((await call(t.app, 'PUT', `/app/api/v1/event/${id}/`, { token: boris!.token, body: { data: { eventCurrency: 'EUR' } } })).status).toBe(403);
    expect((await call(t.app, 'PUT', `/app/api/v1/event/${id}/`, { token: boris!.token, body: { del_date: null } })).status).toBe(403);
  });

  it('keeps regrouping and removing to the owner by default', async () => {
    t = await createTestApp();
    const [owner, boris, vera] = await people(t, ['Owner', 'Boris', 'Vera']);
    const id = await eventWith(t, owner!, [boris!, vera!]);
    const regroup = await call(t.app, 'PUT', `/app/api/v1/event/${id}/`, {
      token: boris!.token,
      body: { data: { families: [[owner!.uid, boris!.uid], [vera!.uid]] } },
    });
    expect([regroup.status, regroup.body.code]).toEqual([403, 'not_event_owner']);
  });
});
