/**
 * Moving a group in from Splitwise and taking an event out, end to end on the real server: Anna
 * chooses a Splitwise 'Export as spreadsheet' file, sees the preview (herself and her contact Boris
 * recognised by name, Carl added by phone, seven operations whose balances equal the file's total),
 * imports it, lands in the new event with the file's balances, downloads it back as a
 * spreadsheet and as JSON, and imports the JSON again with the same balances. In English and Russian, at 1280 px ('desktop') and 390 px ('phone').
 */
import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import enEvents from '../src/locales/en/events.json' with { type: 'json' };
import enPeople from '../src/locales/en/people.json' with { type: 'json' };
import enProfile from '../src/locales/en/profile.json' with { type: 'json' };
import ruProfile from '../src/locales/ru/profile.json' with { type: 'json' };
import ruEvents from '../src/locales/ru/events.json' with { type: 'json' };
import ruPeople from '../src/locales/ru/people.json' with { type: 'json' };
import { addContacts, getEvent, openAs, signUp, uniquePhone } from './support/api';
import { screenshot } from './support/screens';

const EVENTS = { en: enEvents, ru: ruEvents } as const;
const PROFILE = { en: enProfile, ru: ruProfile } as const;
const PEOPLE = { en: enPeople, ru: ruPeople } as const;
const TRIP = fs.readFileSync('tests/fixtures/import/splitwise-trip.csv');
const MKD = fs.readFileSync('tests/fixtures/import/splitwise-mkd.csv');
const MEMBER_LEFT = fs.readFileSync('tests/fixtures/import/splitwise-member-left.csv');
const UNREADABLE_ROW = fs.readFileSync('tests/fixtures/import/splitwise-unreadable-row.csv');
const SQUARE_IN_DOLLARS = fs.readFileSync('tests/fixtures/import/splitwise-square-in-dollars.csv');

/** Anna (in euros), with her contact Boris, choosing `file` to import: the preview's dialog. */
async function annaImports(page: Page, request: APIRequestContext, lang: 'en' | 'ru', name: string, buffer: Buffer) {
  const anna = await signUp(request, { firstName: 'Anna', lastName: 'Petrova', currency: 'EUR', gender: 'F' });
  const boris = await signUp(request, { firstName: 'Boris', lastName: 'Ivanov', gender: 'M' });
  await addContacts(request, anna, [{ name: 'Boris Ivanov', phone: boris.phone }]);
  await openAs(page, anna, lang, '/events');
  await page.getByTestId('import-event').click();
  const modal = page.getByTestId('import-modal');
  await modal.getByTestId('import-file').setInputFiles({ name, mimeType: 'text/csv', buffer });
  return { anna, boris, modal };
}

for (const lang of ['en', 'ru'] as const) {
  test(`a Splitwise group is imported through its preview and the event exported back (${lang})`, async ({ page, request }, testInfo) => {
    const t = EVENTS[lang];
    const anna = await signUp(request, { firstName: 'Anna', lastName: 'Petrova', currency: 'USD', gender: 'F' });
    const boris = await signUp(request, { firstName: 'Boris', lastName: 'Ivanov', gender: 'M' });
    await addContacts(request, anna, [{ name: 'Boris Ivanov', phone: boris.phone }]);

    await openAs(page, anna, lang, '/events');
    await page.getByTestId('import-event').click();
    const modal = page.getByTestId('import-modal');
    await expect(modal.getByRole('heading', { name: t.import.title })).toBeVisible();
    await modal.getByTestId('import-file').setInputFiles({ name: 'Lisbon.csv', mimeType: 'text/csv', buffer: TRIP });

    // The preview: what the file holds, nothing written yet.
    const summary = modal.getByTestId('import-summary');
    await expect(summary).toContainText(t.import.totalsMatch);
    await expect(summary).toContainText(lang === 'ru' ? '2 мая 2026' : '2 May 2026');
    await expect(modal.getByTestId('import-name')).toHaveValue('Lisbon');
    const people = modal.getByTestId('import-person');
    await expect(people).toHaveCount(3);
    await expect(people.nth(0).locator('select')).toHaveValue(String(anna.uid));
    await expect(people.nth(1).locator('select')).toHaveValue(String(boris.uid));
    await expect(people.nth(0)).toContainText('+106,83 $');
    await expect(people.nth(2)).toContainText('-227,17 $');

    // Carl is nobody Anna knows: importing before saying who he is names the problem.
    await modal.getByTestId('import-submit').click();
    await expect(modal.getByRole('alert')).toHaveText(t.import.choosePeople);
    await people.nth(2).locator('select').selectOption('phone');
    await people.nth(2).getByLabel(t.import.phone).fill(uniquePhone());
    await screenshot(page, testInfo, lang, 'preview');
    await modal.getByTestId('import-submit').click();

    await expect(page).toHaveURL(/\/events\/\d+\/transactions$/);
    await expect(modal).toBeHidden();
    const id = Number(/\/events\/(\d+)\//.exec(page.url())![1]);
    await expect(page.getByTestId('event-header')).toContainText('Lisbon');
    const event = await getEvent(request, anna, id);
    expect(event.contacts.map((c) => c.balance)).toEqual([106.83, 120.34, -227.17]);
    await screenshot(page, testInfo, lang, 'imported');

    // Back out as a spreadsheet, headed in the reader's language.
    await page.getByTestId('export-event').click();
    const dialog = page.getByTestId('export-dialog');
    await expect(dialog.getByRole('heading', { name: t.export.title })).toBeVisible();
    await screenshot(page, testInfo, lang, 'export');
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('export-csv').click()]);
    expect(download.suggestedFilename()).toBe('Lisbon.csv');
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.split('\r\n')[0]).toContain(lang === 'ru' ? 'Дата,Описание,Вид' : 'Date,Description,Kind');
    expect(csv).toContain('Train tickets');
    await expect(dialog).toBeHidden();

    // As JSON, and back in through the same preview: everyone recognised, every balance the same.
    await page.getByTestId('export-event').click();
    const [jsonDownload] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('export-json').click()]);
    const json = fs.readFileSync((await jsonDownload.path())!);
    await page.goto('/events');
    await page.getByTestId('import-event').click();
    await modal.getByTestId('import-file').setInputFiles({ name: 'Lisbon again.json', mimeType: 'application/json', buffer: json });
    await expect(modal.getByTestId('import-summary')).toBeVisible();
    await expect(people).toHaveCount(3);
    for (let i = 0; i < 3; i++) await expect(people.nth(i).locator('select')).not.toHaveValue('none');
    await screenshot(page, testInfo, lang, 'json-preview');
    await modal.getByTestId('import-submit').click();
    await expect(page).toHaveURL(/\/events\/\d+\/transactions$/);
    const again = Number(/\/events\/(\d+)\//.exec(page.url())![1]);
    expect(again).not.toBe(id);
    expect((await getEvent(request, anna, again)).contacts.map((c) => c.balance)).toEqual([106.83, 120.34, -227.17]);

    // And the whole account, from Settings.
    await page.getByTestId('profile-button').click();
    const settings = page.getByRole('dialog', { name: PROFILE[lang].settings.title });
    await expect(settings.getByRole('heading', { name: PROFILE[lang].data.title })).toBeVisible();
    await settings.getByTestId('download-account').scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, lang, 'settings-data');
    const [archiveFile] = await Promise.all([page.waitForEvent('download'), settings.getByTestId('download-account').click()]);
    expect(archiveFile.suggestedFilename()).toMatch(/^dolya-account-\d{4}-\d{2}-\d{2}\.json$/);
    const archive = JSON.parse(fs.readFileSync((await archiveFile.path())!, 'utf8')) as {
      profile: { user: number };
      events: { event: { id: number }; operations: unknown[] }[];
    };
    expect(archive.profile.user).toBe(anna.uid);
    expect(archive.events.map((e) => [e.event.id, e.operations.length]).sort((a, b) => a[0]! - b[0]!)).toEqual([
      [id, 7],
      [again, 7],
    ]);
  });

  test(`a currency the app has no rate for is named in the preview and converted at the rate typed (${lang})`, async ({ page, request }, testInfo) => {
    const t = EVENTS[lang];
    const { anna, boris, modal } = await annaImports(page, request, lang, 'Skopje.csv', MKD);
    const rates = modal.getByTestId('import-rates');
    await expect(rates).toContainText(t.import.ratesTitle);
    const rate = rates.getByLabel(t.import.rateLabel.replace('{{from}}', 'MKD').replace('{{to}}', 'EUR'));
    await modal.getByTestId('import-submit').click();
    await expect(modal.getByRole('alert').first()).toHaveText(t.import.ratesNeeded.replace('{{list}}', 'MKD'));
    await expect(rates).toContainText(t.import.rateInvalid);
    // Typed as people type it, with a decimal comma.
    await rate.fill('0,0163');
    // The preview recounts at the rate typed: 3,600 MKD at 0.0163 is 58.68 EUR, half of it Boris's.
    await expect(modal.getByTestId('import-conversion')).toContainText('1 MKD = 0');
    await expect(modal.getByTestId('import-person-after').first()).toContainText(/59[.,]34/);
    await screenshot(page, testInfo, lang, 'rate-typed');
    await modal.getByTestId('import-submit').click();

    await expect(page).toHaveURL(/\/events\/\d+\/transactions$/);
    const id = Number(/\/events\/(\d+)\//.exec(page.url())![1]);
    const event = await getEvent(request, anna, id);
    expect(Object.fromEntries(event.contacts.map((c) => [c.uid, c.balance]))).toEqual({ [anna.uid]: 59.34, [boris.uid]: -59.34 });
  });

  test(`a file in two currencies shows each balance in the event currency chosen, as the import leaves it (${lang})`, async ({ page, request }, testInfo) => {
    const t = EVENTS[lang];
    const { anna, boris, modal } = await annaImports(page, request, lang, 'Square in dollars.csv', SQUARE_IN_DOLLARS);
    await expect(modal.getByTestId('import-summary')).toContainText(t.import.totalsMatch);
    const currency = modal.getByRole('combobox', { name: t.create.currency });
    // As many rows in dollars as in euros: the dollar comes first. Each person's euros are then converted as a whole.
    await expect(currency).toHaveValue(/^USD · /);
    await expect(modal.getByTestId('import-conversion')).toContainText('1 EUR = ');
    await currency.click();
    await currency.fill('EUR');
    await page.getByRole('option', { name: /^EUR/ }).click();
    // Square in dollars, so in euros each is what the euro rows leave: 25.00, whatever the dollar did between January and July.
    const conversion = modal.getByTestId('import-conversion');
    await expect(conversion).toContainText('1 USD = ');
    await expect(conversion).not.toContainText('1 EUR = ');
    const after = modal.getByTestId('import-person-after');
    await expect(after).toHaveCount(2);
    await expect(after.nth(0)).toContainText(/25[.,]00/);
    await expect(after.nth(1)).toContainText(/25[.,]00/);
    await screenshot(page, testInfo, lang, 'converted-as-a-whole');
    await modal.getByTestId('import-submit').click();

    await expect(page).toHaveURL(/\/events\/\d+\/transactions$/);
    const id = Number(/\/events\/(\d+)\//.exec(page.url())![1]);
    const event = await getEvent(request, anna, id);
    expect(event.eventCurrency).toBe('EUR');
    expect(Object.fromEntries(event.contacts.map((c) => [c.uid, c.balance]))).toEqual({ [anna.uid]: 25, [boris.uid]: -25 });
  });

  test(`the preview says per person where the result differs from the file's own totals (${lang})`, async ({ page, request }, testInfo) => {
    const t = EVENTS[lang];
    const anna = await signUp(request, { firstName: 'Anna', lastName: 'Petrova', currency: 'EUR', gender: 'F' });
    await openAs(page, anna, lang, '/events');
    await page.getByTestId('import-event').click();
    const modal = page.getByTestId('import-modal');
    await modal.getByTestId('import-file').setInputFiles({ name: 'Flat.csv', mimeType: 'text/csv', buffer: UNREADABLE_ROW });
    await expect(modal.getByTestId('import-summary')).toContainText(t.import.totalsDiffer);
    const differs = modal.getByTestId('import-person-differs');
    await expect(differs).toHaveCount(2);
    await expect(differs.first()).toContainText('+20,00 €');
    await expect(differs.first()).toContainText(t.import.fileSays.split('{{')[0]!.trim());
    await screenshot(page, testInfo, lang, 'differs');
  });

  test(`members who left come in under one name; a person known by name alone is given a phone, or becomes who has it (${lang})`, async ({
    page,
    request,
  }, testInfo) => {
    const t = EVENTS[lang];
    const anna = await signUp(request, { firstName: 'Anna', lastName: 'Petrova', currency: 'EUR', gender: 'F' });
    const phone = uniquePhone();
    await openAs(page, anna, lang, '/events');
    await page.getByTestId('import-event').click();
    const modal = page.getByTestId('import-modal');
    await modal.getByTestId('import-file').setInputFiles({ name: 'Dinners.csv', mimeType: 'text/csv', buffer: MEMBER_LEFT });
    // Carl left the group: the dinner does not add up without him, and is kept all the same.
    await expect(modal.getByTestId('import-summary')).toContainText(t.import.totalsMatch);
    const people = modal.getByTestId('import-person');
    await expect(people).toHaveCount(3);
    await expect(people.nth(2)).toContainText(t.import.departed);
    await expect(people.nth(2)).toContainText('-30,00 €');
    await expect(people.nth(2).locator('select')).toHaveCount(0);
    await expect(modal.getByTestId('import-person-differs')).toHaveCount(0);
    await people.nth(1).locator('select').selectOption('name');
    await screenshot(page, testInfo, lang, 'departed');
    await modal.getByTestId('import-submit').click();

    await expect(page).toHaveURL(/\/events\/\d+\/transactions$/);
    const id = Number(/\/events\/(\d+)\//.exec(page.url())![1]);
    const event = await getEvent(request, anna, id);
    expect(Object.fromEntries(event.contacts.map((c) => [c.uid === anna.uid ? 'me' : c.name, c.balance]))).toEqual({
      me: 50,
      'Boris Ivanov': -20,
      [t.import.departed]: -30,
    });

    // Boris turns up later: Anna gives him his phone from his page, and he can sign up with it.
    const borisUid = event.contacts.find((c) => c.name === 'Boris Ivanov')!.uid;
    await page.goto(`/people/${borisUid}`);
    const give = page.getByTestId('give-phone');
    await expect(give).toContainText(PEOPLE[lang].person.nameOnly.replace('{{name}}', 'Boris Ivanov').split('.')[0]!);
    await give.getByLabel(PEOPLE[lang].person.givePhone).fill(phone);
    await screenshot(page, testInfo, lang, 'give-phone');
    await give.getByRole('button', { name: PEOPLE[lang].person.givePhoneSubmit }).click();
    await expect(give).toHaveCount(0);
    await expect(page.getByTestId('person').locator(`a[href="tel:${phone}"]`)).toBeVisible();

    // The members who left were Carl alone, who has an account: Anna is asked, says yes, and the
    // person is Carl from now on, his debt in the event and his page the one shown.
    const carl = await signUp(request, { firstName: 'Carl', lastName: 'Lind', gender: 'M' });
    const departedUid = event.contacts.find((c) => c.name === t.import.departed)!.uid;
    await page.goto(`/people/${departedUid}`);
    const merge = page.getByTestId('give-phone');
    await merge.getByLabel(PEOPLE[lang].person.givePhone).fill(carl.phone);
    await merge.getByRole('button', { name: PEOPLE[lang].person.givePhoneSubmit }).click();
    await expect(merge.getByTestId('merge-ask')).toContainText(PEOPLE[lang].person.mergeAsk.split('.')[0]!);
    await screenshot(page, testInfo, lang, 'merge-ask');
    await merge.getByRole('button', { name: PEOPLE[lang].person.mergeConfirm }).click();
    await expect(page).toHaveURL(new RegExp(`/people/${carl.uid}$`));
    await expect(page.getByTestId('person').locator(`a[href="tel:${carl.phone}"]`)).toBeVisible();
    const merged = await getEvent(request, anna, id);
    expect(Object.fromEntries(merged.contacts.map((c) => [c.uid, c.balance]))).toEqual({ [anna.uid]: 50, [borisUid]: -20, [carl.uid]: -30 });
  });
}
