import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { errorBody } from '../../../tests/web/fixtures';
import { server, TEST_SUPPORT_EMAIL } from '../../../tests/web/msw';
import { renderApp } from '../../../tests/web/render';
import { forgetPublicConfig } from '@/lib/public-config';

beforeEach(() => forgetPublicConfig());

describe("the footer's 'Contact us'", () => {
  it('mails the address the server is configured with, signed out too', async () => {
    renderApp('/signin');
    const link = await screen.findByRole('link', { name: 'Got any questions? Contact us' });
    expect(link).toHaveAttribute('href', `mailto:${TEST_SUPPORT_EMAIL}`);
  });

  it('follows a changed configuration, in Russian', async () => {
    server.use(http.get('/app/api/v1/config/', () => HttpResponse.json({ support_email: 'pomosh@example.ru' })));
    renderApp('/signin', { language: 'ru' });
    const link = await screen.findByRole('link', { name: 'Есть вопросы? Напишите нам' });
    expect(link).toHaveAttribute('href', 'mailto:pomosh@example.ru');
  });

  it('shows the words without a link when the address cannot be read', async () => {
    server.use(http.get('/app/api/v1/config/', () => errorBody('internal', 500)));
    renderApp('/signin');
    const text = await screen.findByTestId('support-link');
    expect(text.tagName).toBe('SPAN');
    expect(text).toHaveTextContent('Got any questions? Contact us');
  });
});
