import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import '@/app/screen-slices';
import { forgetEarlyReads } from '@/lib/early-reads';
import { loadAllLanguages } from '@/lib/i18n';
import { forgetPublicConfig } from '@/lib/public-config';
import { server } from './msw';

// Screens are lazily loaded chunks; the first import of one in a file can take over a second on a busy machine.
configure({ asyncUtilTimeout: 5000 });

// The app downloads one language at a time; tests create i18n synchronously with both (createI18n).
await loadAllLanguages();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  forgetPublicConfig();
  forgetEarlyReads();
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
});
afterAll(() => server.close());
