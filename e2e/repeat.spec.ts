/**
 * A repeating operation end to end on the real server: rent entered through the form two months
 * back with a monthly repeat; the occurrences already due are recorded at once, each on its own
 * day, marked in the feed and counted in the balances; the details of one show the rule and the
 * next date, and stopping it from there stops the series. In English and Russian, at 1280 px
 * ('desktop') and 390 px ('phone').
 */
import { expect, test } from '@playwright/test';
import type { Event } from '../common/contract/events';
import type { OperationListResponse } from '../common/contract/operations';
import type { Recurrence } from '../common/contract/recurrences';
import { occurrenceDay } from '../common/recurrence';
import enOps from '../src/locales/en/operations.json' with { type: 'json' };
import ruOps from '../src/locales/ru/operations.json' with { type: 'json' };
import { addContacts, openAs, signUp, type E2EUser } from './support/api';
import { screenshot } from './support/screens';

const OPS = { en: enOps, ru: ruOps } as const;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
/** A day as the date field takes it in each language. */
const typed = (day: string, lang: 'en' | 'ru') =>
  day
    .split('-')
    .reverse()
    .join(lang === 'ru' ? '.' : '/');

for (const lang of ['en', 'ru'] as const) {
  test(`rent that repeats every month: the missed months recorded, the rule shown, stopped from the details (${lang})`, async ({ page, request }, testInfo) => {
    const t = OPS[lang];
    const anna = await signUp(request, { firstName: 'Anna', lastName: 'Smirnova', gender: 'F' });
    const boris = await signUp(request, { firstName: 'Boris', lastName: 'Ivanov', gender: 'M' });
    await addContacts(request, anna, [{ name: 'Boris Ivanov', phone: boris.phone }]);
    const headers = (user: E2EUser) => ({ Authorization: `Bearer ${user.token}` });
    const created = await request.post('/app/api/v1/event/', {
      headers: headers(anna),
      data: { event_name: 'Flat', contacts: [boris.uid], eventCurrency: 'RUB' },
    });
    expect(created.status()).toBe(201);
    const event = (await created.json()) as Event;

    // 65 days ago: the occurrences one and two months later are due, the third is weeks away.
    const today = isoDay(new Date());
    const first = isoDay(new Date(Date.now() - 65 * 86_400_000));
    const due = [0, 1, 2, 3].map((k) => occurrenceDay(first, { frequency: 'monthly', interval: 1 }, k)).filter((day) => day < today);
    expect(due).toHaveLength(3);

    await openAs(page, anna, lang, `/events/${event.id}/transactions`);
    await page.getByTestId('add-operation').click();
    const form = page.getByTestId('operation-form');
    await form.getByRole('textbox', { name: t.form.amount }).fill('30000');
    await form.getByLabel(t.form.description).fill('Rent');
    const date = form.getByRole('textbox', { name: t.form.date });
    await date.fill(typed(first, lang));
    await date.blur();
    await form.getByRole('combobox', { name: t.repeat.frequency }).selectOption('monthly');
    await expect(form.getByTestId('repeat-next')).toBeVisible();
    await form.getByTestId('repeat-fields').scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, lang, '1-form');
    const posted = page.waitForResponse((r) => r.request().method() === 'POST' && /\/operation\/$/.test(r.url()));
    await form.getByTestId('operation-save').click();
    expect((await posted).status()).toBe(201);
    await expect(form).toHaveCount(0);

    // Each due month is an operation of its own, marked in the feed, on its own day.
    const rows = page.locator('article[data-op]').filter({ hasText: 'Rent' });
    await expect(rows).toHaveCount(3);
    await expect(page.getByTestId('repeat-badge')).toHaveCount(3);
    await screenshot(page, testInfo, lang, '2-feed');
    const list = (await (await request.get(`/app/api/v1/operation/?event=${event.id}`, { headers: headers(anna) })).json()) as OperationListResponse;
    const rents = list.objects.filter((o) => o.details.description === 'Rent');
    expect(rents.map((o) => isoDay(new Date(o.details.date))).sort()).toEqual(due);
    expect(new Set(rents.map((o) => o.recurrence_id)).size).toBe(1);
    const balances = (await (await request.get(`/app/api/v1/event/${event.id}/`, { headers: headers(anna) })).json()) as Event;
    expect(balances.contacts.find((c) => c.uid === boris.uid)?.balance).toBe(-45000);

    // The newest occurrence's details: the rule and the next date; stopping asks, then holds.
    const newest = rents.sort((a, b) => b.details.date.localeCompare(a.details.date))[0]!;
    await page.locator(`article[data-op="${newest.id}"]`).getByText('Rent').click();
    const details = page.getByTestId('operation-details');
    const section = details.getByTestId('repeat-section');
    await expect(section.getByTestId('repeat-rule')).toHaveText(t.repeat.rules.monthly);
    await expect(section.getByTestId('repeat-status')).toContainText(t.repeat.next.split('{{')[0]!);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, lang, '3-details');
    await section.getByTestId('repeat-stop').click();
    const confirm = page.getByTestId('confirm-dialog');
    await confirm.getByRole('button', { name: t.repeat.stop }).click();
    await expect(section.getByTestId('repeat-status')).toHaveText(t.repeat.stopped);
    await screenshot(page, testInfo, lang, '4-stopped');
    const series = (await (await request.get(`/app/api/v1/operation/${newest.id}/recurrence/`, { headers: headers(boris) })).json()) as Recurrence;
    expect(series).toMatchObject({ stopped: true, next: null, made: 3 });
  });
}
