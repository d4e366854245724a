import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/api/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CODE_REQUESTS_PER_ADDRESS: '3' });
});
afterAll(async () => {
  await t.close();
});

describe('the per-address code limit from configuration', () => {
  it('refuses the request after CODE_REQUESTS_PER_ADDRESS from one address', async () => {
    const ask = (n: number) =>
      t.app.inject({
        method: 'POST',
        url: '/app/api/v2/auth/code/?for=signup',
        payload: { phone: `+7999123${String(n).padStart(4, '0')}` },
        remoteAddress: '192.0.2.44',
      });
    for (let i = 0; i < 3; i++) expect((await ask(i)).statusCode).toBe(200);
    const refused = await ask(3);
    expect(refused.statusCode).toBe(429);
    expect(JSON.parse(refused.body).code).toBe('too_many_code_requests_here');
  });
});
