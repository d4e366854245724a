import { setupServer } from 'msw/node';

/** One msw server for the web suite; tests add handlers with `server.use(...)`. Unhandled requests fail the test. */
export const server = setupServer();
