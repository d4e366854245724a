/**
 * Slow and stalled clients against the real server process: a body or headers trickled a byte at
 * a time are cut off at the request deadline, and after SIGTERM a client still sending cannot keep
 * the server alive past the shutdown deadline. Short deadlines here stand for the defaults (30 s
 * and 10 s), which are the same code with other numbers.
 */
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { startRealServer, type RealServer } from './real-server-support';

const started: RealServer[] = [];
afterAll(async () => {
  for (const real of started) await real.dispose();
}, 60_000);

async function start(name: string, env: Record<string, string>): Promise<RealServer> {
  const real = await startRealServer(name, env);
  started.push(real);
  return real;
}

/**
 * Opens a connection, writes `head`, then one more byte every 300 ms for as long as the socket is
 * open; resolves with how long the server kept it open and what it answered, if anything.
 */
function trickle(url: string, head: string, byte: string): Promise<{ openMs: number; answer: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const began = Date.now();
    let answer = '';
    const socket = net.connect(Number(port), hostname, () => socket.write(head));
    const timer = setInterval(() => {
      if (!socket.destroyed && socket.writable) socket.write(byte);
    }, 300);
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ openMs: Date.now() - began, answer });
    });
  });
}

// Under the sign-in route's 8 KB limit, so the server waits for the body instead of refusing it.
const BODY_HEAD = 'POST /app/api/v2/auth/login/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 4000\r\n\r\n{';
const HEADERS_HEAD = 'GET /app/api/v1/health/ HTTP/1.1\r\nHost: localhost\r\n';

describe.sequential('slow clients on a real server', () => {
  it('cuts off a body or headers trickled a byte at a time at the request deadline, and goes on serving others', async () => {
    const { server } = await start('slowreq', { REQUEST_TIMEOUT_SECONDS: '3', SHUTDOWN_SECONDS: '2' });
    const [body, headers] = await Promise.all([trickle(server.url, BODY_HEAD, ' '), trickle(server.url, HEADERS_HEAD, 'X')]);
    // 3 s for the whole request, 1 s for the headers, checked every second.
    expect(body.openMs).toBeGreaterThanOrEqual(2_900);
    expect(body.openMs).toBeLessThan(8_000);
    expect(body.answer).toMatch(/^HTTP\/1\.1 408/);
    expect(headers.openMs).toBeLessThan(6_000);
    expect((await fetch(`${server.url}/app/api/v1/health/`)).status).toBe(200);
  }, 60_000);

  it('after SIGTERM closes what is still open at the shutdown deadline and exits 0', async () => {
    // A request deadline far beyond the test, so only the shutdown deadline can end the clients.
    const { server } = await start('slowstop', { REQUEST_TIMEOUT_SECONDS: '300', SHUTDOWN_SECONDS: '2' });
    const clients = Array.from({ length: 50 }, () => trickle(server.url, BODY_HEAD, ' '));
    // Let every connection be accepted and its request begun.
    await new Promise((r) => setTimeout(r, 1_000));
    const exited = new Promise<number | null>((resolve) => server.process.once('exit', (code) => resolve(code)));
    const signalled = Date.now();
    server.process.kill('SIGTERM');
    const code = await exited;
    const stopMs = Date.now() - signalled;
    expect(code).toBe(0);
    expect(stopMs).toBeGreaterThanOrEqual(1_900);
    expect(stopMs).toBeLessThan(10_000);
    const ends = await Promise.all(clients);
    expect(ends.every((c) => c.openMs < 15_000)).toBe(true);
  }, 60_000);
});
