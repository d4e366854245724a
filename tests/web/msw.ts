import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/** What GET /v1/config/ answers unless a test says otherwise; every screen's footer asks for it. */
export const TEST_SUPPORT_EMAIL = 'help@dolya.test';

/**
 * One msw server for the web suite; tests add handlers with `server.use(...)`. Unhandled requests
 * fail the test. The footer's configuration call is answered by default, since every screen makes it.
 */
export const server = setupServer(http.get('/app/api/v1/config/', () => HttpResponse.json({ support_email: TEST_SUPPORT_EMAIL, access_checking: true })));
