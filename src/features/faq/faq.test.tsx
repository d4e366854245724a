import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { convertMinor, formatMoney, type Locale } from '@common/money';
import { planSettlement } from '@common/settle';
import { splitEqually, splitWithParts } from '@common/split';
import { App } from '@/app/App';
import { RequireAuth } from '@/app/guards';
import { AppLayout } from '@/app/shell/AppLayout';
import { makeStore } from '@/app/store';
import { createI18n, localeResources, type Language } from '@/lib/i18n';
import { aUser, initialLoadHandlers } from '../../../tests/web/fixtures';
import { mockWindowWidth } from '../../../tests/web/match-media';
import { server } from '../../../tests/web/msw';
import FaqPage from './components/FaqPage';
import { FAQ_SECTIONS } from './faq-content';

const KEY = 'tours_done';

function renderFaq(language: Language = 'en', path = '/faq') {
  localStorage.setItem('token', 't');
  localStorage.setItem('cookie_consent', 'true');
  server.use(...initialLoadHandlers(aUser()));
  const router = createMemoryRouter(
    [
      {
        element: <AppLayout />,
        children: [
          {
            path: '/faq',
            element: (
              <RequireAuth>
                <FaqPage />
              </RequireAuth>
            ),
          },
          // A stand-in: the events screens are built elsewhere; the main tour only needs the header.
          {
            path: '/events/:id?/*',
            element: (
              <RequireAuth>
                <p>events screen</p>
              </RequireAuth>
            ),
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<App store={makeStore()} router={router} i18n={createI18n(language)} />);
  return router;
}

afterEach(() => vi.unstubAllGlobals());

describe('the FAQ page', () => {
  it('answers every question in English, one at a time, with an example where there is one', async () => {
    mockWindowWidth(1280);
    localStorage.setItem(KEY, '["main"]');
    const user = userEvent.setup();
    renderFaq('en');
    expect(await screen.findByRole('heading', { level: 1, name: 'Questions and answers' })).toBeInTheDocument();
    for (const name of ['Kinds of operations', 'Families', 'Currencies', 'Settling up', 'Privacy', 'Guided tours']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    const count = FAQ_SECTIONS.reduce((n, s) => n + s.questions.length, 0);
    expect(document.querySelectorAll('details')).toHaveLength(count);
    expect(document.querySelectorAll('details[open]')).toHaveLength(0);

    const even = screen.getByText('Even purchase').closest('details')!;
    await user.click(screen.getByText('Even purchase'));
    expect(even.open).toBe(true);
    expect(within(even).getByText(/33,34, 33,33 and 33,33/)).toBeVisible();
    expect(within(even).getByText('Example')).toBeInTheDocument();
    await user.click(screen.getByText('Even purchase'));
    expect(even.open).toBe(false);
  });

  it('speaks Russian', async () => {
    mockWindowWidth(1280);
    localStorage.setItem(KEY, '["main"]');
    renderFaq('ru');
    expect(await screen.findByRole('heading', { level: 1, name: 'Вопросы и ответы' })).toBeInTheDocument();
    expect(screen.getByText('Покупка поровну')).toBeInTheDocument();
    expect(screen.getByText(/33,34, 33,33 и 33,33/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Пройти обучение заново' })).toBeInTheDocument();
  });

  it('opens the question named in the address', async () => {
    mockWindowWidth(1280);
    localStorage.setItem(KEY, '["main"]');
    renderFaq('en', '/faq#faq-familiesSettle');
    const summary = await screen.findByText('How do families settle up?');
    expect(summary.closest('details')!.open).toBe(true);
    expect(document.querySelectorAll('details[open]')).toHaveLength(1);
  });

  it('restarts the tours at 1280 px: clears every flag and the main tour starts on /events', async () => {
    mockWindowWidth(1280);
    localStorage.setItem(KEY, '["main","createEvent","eventFamilies"]');
    const user = userEvent.setup();
    const router = renderFaq('en');
    await user.click(await screen.findByRole('button', { name: 'Restart the tours' }));
    expect(localStorage.getItem(KEY)).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/events'));
    const step = await screen.findByTestId('tour-step', {}, { timeout: 3000 });
    expect(within(step).getByRole('heading', { name: 'Events' })).toBeInTheDocument();
  });

  it('at phone width clears the flags and says where the tours run, without leaving the page', async () => {
    mockWindowWidth(390);
    localStorage.setItem(KEY, '["main"]');
    const user = userEvent.setup();
    const router = renderFaq('en');
    expect(await screen.findByText(/Tours appear on screens at least 1025 px wide/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Restart the tours' }));
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(await screen.findByRole('status')).toHaveTextContent('Each tour starts again when you open its screen.');
    expect(router.state.location.pathname).toBe('/faq');
  });
});

/**
 * The worked examples are prose in two languages; these checks recompute every number with the
 * app's own money rules (DESIGN §3, §5) and formatting, so the text cannot drift from them.
 */
describe('the worked examples', () => {
  const RUB = 'RUB';
  const examples = (lang: Language) => (localeResources()[lang].faq as { questions: Record<string, { example?: string }> }).questions;

  for (const lang of ['en', 'ru'] as const) {
    const money = (minor: number, sign = false) => formatMoney(minor, RUB, lang as Locale, { sign });
    const text = (id: string) => examples(lang)[id]!.example!;
    const list = (values: string[]) =>
      lang === 'en' ? `${values.slice(0, -1).join(', ')} and ${values.at(-1)}` : `${values.slice(0, -1).join(', ')} и ${values.at(-1)}`;

    it(`in ${lang}: an even split of 100,00 among three`, () => {
      const parts = [...splitEqually(10000, [1, 2, 3]).values()].map((m) => money(m));
      expect(text('even')).toContain(list(parts));
    });

    it(`in ${lang}: a split purchase with one explicit part`, () => {
      const parts = splitWithParts(300000, [{ uid: 1, amount: 120000 }, { uid: 2 }, { uid: 3 }]);
      expect(text('split')).toContain(money(300000));
      expect(text('split')).toContain(money(parts.get(1)!));
      expect(text('split')).toContain(money(300000 - parts.get(1)!));
      expect(parts.get(2)).toBe(parts.get(3));
      expect(text('split')).toContain(money(parts.get(2)!));
    });

    it(`in ${lang}: purchases for others, a deposit among five`, () => {
      const tickets = [...splitEqually(120000, [2, 3]).values()];
      expect(tickets).toEqual([60000, 60000]);
      expect(text('bought')).toContain(money(60000));
      const deposit = [...splitEqually(-100000, [1, 2, 3, 4, 5]).values()];
      expect(deposit.every((m) => m === -20000)).toBe(true);
      // Vera received -1000 as `paid`, her share is -200: her balance is paid - share.
      expect(text('income')).toContain(money(-(-100000 - -20000)));
      expect(text('income')).toContain(money(20000));
    });

    it(`in ${lang}: families and their settle-up (DESIGN §3 worked example)`, () => {
      const anna = 360000,
        boris = -10000,
        vera = -40000,
        gleb = -180000,
        dima = -130000;
      expect(text('families')).toContain(money(anna, true));
      expect(text('families')).toContain(money(boris, true));
      expect(text('families')).toContain(money(anna + boris));
      const plan = planSettlement([
        { id: 1, balance: anna + boris },
        { id: 2, balance: vera + gleb },
        { id: 3, balance: dima },
      ]);
      expect(plan).toEqual([
        { from: 2, to: 1, amount: 220000 },
        { from: 3, to: 1, amount: 130000 },
      ]);
      for (const t of plan) expect(text('familiesSettle')).toContain(money(t.amount));
      expect(text('familiesSettle')).toContain(money(vera, true));
      expect(text('familiesSettle')).toContain(money(gleb, true));
    });

    it(`in ${lang}: the fewest transfers (DESIGN §5 test vector)`, () => {
      const balances = [4000, 3000, -3000, -2000, -2000];
      const plan = planSettlement(balances.map((balance, i) => ({ id: i + 1, balance })));
      expect(plan).toHaveLength(3);
      expect(text('fewestTransfers')).toContain(
        `${balances
          .map((b) => money(b, true))
          .slice(0, -1)
          .join(', ')}`,
      );
      expect(text('fewestTransfers')).toContain(lang === 'en' ? 'in 3 transfers' : '3 переводами');
    });

    it(`in ${lang}: conversion at the day's rate and into a display currency`, () => {
      expect(text('convert')).toContain(money(convertMinor(2000, 'EUR', RUB, '100')));
      expect(text('displayCurrency')).toContain(formatMoney(convertMinor(200000, RUB, 'EUR', { num: 1n, den: 95n }), 'EUR', lang));
    });
  }
});
