/** A screen whose code cannot be downloaded ends on the server-error page with its reload button. */
import { screen } from '@testing-library/react';
import { http as mswHttp, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { aUser, initialLoadHandlers } from '../../tests/web/fixtures';
import { server } from '../../tests/web/msw';
import { renderApp } from '../../tests/web/render';
import type * as PatientImport from './patient-import';

// The real rule with its 120 s shrunk, so the test need not wait two minutes.
vi.mock('./patient-import', async (original) => {
  const real = await original<typeof PatientImport>();
  return { ...real, patientImport: <T,>(load: () => Promise<T>) => real.patientImport(load, { giveUpMs: 300, retryDelaysMs: [50, 50] }) };
});
vi.mock('@/features/faq/components/FaqPage', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('a screen that does not download', () => {
  it.each([
    ['en', 'Oops... something went wrong', 'Reload the page'],
    ['ru', 'Ой... что-то пошло не так', 'Перезагрузить страницу'],
  ] as const)('shows the server-error page with its reload button (%s)', async (language, title, reload) => {
    localStorage.setItem('token', 't');
    server.use(
      ...initialLoadHandlers(aUser()),
      mswHttp.get('/app/api/v1/user/me/', () => HttpResponse.json(aUser())),
    );
    renderApp('/faq', { language });
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: reload })).toBeInTheDocument();
  });
});
