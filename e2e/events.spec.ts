/**
 * The events screens end to end, on the real server: a signed-up user with three contacts
 * creates an event through the UI, arranges four participants into two families (by keyboard,
 * and by mouse or touch), and the screen and the ledger API agree. In English and Russian, at
 * 1280 px (project 'desktop') and 390 px (project 'phone').
 *
 * Layout: `support/api.ts` makes people and reads the API, `support/events.ts` drives the events
 * screens (`createFamilyEvent` leaves the page on the new event, ready for operations); each
 * `test` here is one story, its parts in `test.step`s.
 */
import { expect, test } from '@playwright/test';
import { formatMoney, toMinor } from '../common/money';
import { getEvent, recordOperation } from './support/api';
import { createFamilyEvent, EVENTS, isPhone, openCurrencies, openParticipants, type Lang } from './support/events';
import { screenshot } from './support/screens';

/** A balance as the screen writes it beside its words: '750,00 ₽', no sign, plain spaces. */
function shown(amount: number, currency: string, lang: Lang): string {
  return formatMoney(Math.abs(toMinor(amount, currency)), currency, lang, { code: true }).replace(/[\u00a0\u202f]/g, ' ');
}

const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

type Kind = 'accrual' | 'debit' | 'neutral';
const kindOf = (amount: number): Kind => (amount > 0 ? 'accrual' : amount < 0 ? 'debit' : 'neutral');

/** The balance message: words, and for a non-zero amount the amount (unsigned: the words give the direction) with its currency. */
function message(words: Record<Kind, string>, amount: number, lang: Lang): string {
  const kind = kindOf(amount);
  return kind === 'neutral' ? words.neutral : `${words[kind]} ${shown(amount, 'RUB', lang)}`;
}

for (const lang of ['en', 'ru'] as const) {
  test.describe(`events (${lang})`, () => {
    test('create an event with four participants in two families; balances, display currency, delete and undo', async ({ page, request }, testInfo) => {
      const t = EVENTS[lang];
      const { owner, event, uid } = await createFamilyEvent(page, testInfo, lang, request);
      expect(event.contacts.map((c) => c.uid).sort((a, b) => a - b)).toEqual(Object.values(uid).sort((a, b) => a - b));
      expect(event.eventCurrency).toBe('RUB');

      const panel = page.getByTestId('participants-panel');
      await test.step('each family shows its members and a Whole family row, as the API has them', async () => {
        for (const family of event.families) {
          const box = panel.getByTestId('family').filter({ has: page.getByTestId(`participant-${family.members[0]}`) });
          for (const member of family.members) await expect(box.getByTestId(`participant-${member}`)).toBeVisible();
          await expect(box.getByTestId('whole-family')).toContainText(t.participants.wholeFamily);
        }
        await screenshot(page, testInfo, lang, '3-event');
      });

      await test.step('balances follow the ledger: words, sign and colour in the panel and the list', async () => {
        // Anna pays 1000 for all four; the screen must show what the API computes.
        await recordOperation(request, owner, {
          event_id: event.id,
          details: { kind: 'even_purchase', amount: 1000, description: 'Firewood' },
          participants: Object.values(uid).map((u) => ({ uid: u })),
        });
        const after = await getEvent(request, owner, event.id);
        await page.reload();
        const live = await openParticipants(page, testInfo);
        for (const p of after.contacts) {
          const balance = live.getByTestId(`participant-${p.uid}`).locator('[data-balance]');
          await expect(balance).toHaveAttribute('data-balance', kindOf(p.balance));
          expect(plain(await balance.textContent())).toBe(message(t.balance.person, p.balance, lang));
        }
        for (const f of after.families) {
          const whole = live
            .getByTestId('family')
            .filter({ has: page.getByTestId(`participant-${f.members[0]}`) })
            .getByTestId('whole-family');
          expect(plain(await whole.locator('[data-balance]').textContent())).toBe(message(t.balance.family, f.balance, lang));
        }
        const me = after.contacts.find((c) => c.uid === uid.anna)!;
        expect(me.balance).toBe(750);
        await screenshot(page, testInfo, lang, '4-balances');
        if (isPhone(testInfo)) await page.getByTestId('events-back').click();
        const row = page.getByTestId(`event-row-${event.id}`);
        await expect(row.locator('[data-balance]')).toHaveAttribute('data-balance', 'accrual');
        expect(plain(await row.locator('[data-balance]').textContent())).toBe(message(t.balance.me, me.balance, lang));
        await screenshot(page, testInfo, lang, '5-list');
        if (isPhone(testInfo)) await row.click();
      });

      await test.step('another display currency converts everything, marked approximate', async () => {
        await openCurrencies(page);
        await page.getByTestId('display-currency').selectOption('EUR');
        await expect(page.getByTestId('approximate')).toBeVisible();
        await expect(page.getByTestId('event-header').locator('[data-balance]')).toContainText('€');
        await screenshot(page, testInfo, lang, '6-approximate');
        await page.getByTestId('display-currency').selectOption('event');
        await expect(page.getByTestId('approximate')).toHaveCount(0);
      });

      await test.step('deleting offers Undo, and Undo brings the event back', async () => {
        await page.getByTestId('delete-event').click();
        await expect(page).toHaveURL(/\/events$/);
        const toast = page.getByTestId('undo-toast');
        await expect(toast).toContainText('Dacha');
        await expect(page.getByTestId(`event-row-${event.id}`)).toHaveCount(0);
        await screenshot(page, testInfo, lang, '7-undo');
        await toast.getByRole('button', { name: t.event.undo }).click();
        await expect(page.getByTestId(`event-row-${event.id}`)).toBeVisible();
        expect((await getEvent(request, owner, event.id)).del_date).toBeNull();
      });
    });
  });
}
