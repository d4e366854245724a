import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { LogSmsSender, type SmsSender } from '../../server/lib/sms';
import { openTestDatabase, type TestApp } from './harness';

/** A clock tests move by hand, so codes expire and rate-limit windows pass without sleeping. */
export class TestClock {
  private at: number;
  constructor(start = new Date()) {
    this.at = start.getTime();
  }
  readonly now = (): Date => new Date(this.at);
  advance(ms: number): void {
    this.at += ms;
  }
  /**
   * Every wait the server asked for, in order. Waiting returns at once and leaves the clock where
   * it is, so a wait cannot carry a test across a rate-limit window's edge.
   */
  readonly waits: number[] = [];
  readonly sleep = async (ms: number): Promise<void> => {
    this.waits.push(ms);
  };
}

/**
 * createTestApp with what the harness fixes made replaceable: the clock, and the SMS sender
 * (a sender other than the log one leaves `sms` as an empty log outbox). `log` receives what the
 * log sender writes to the server log.
 */
export async function createCustomTestApp(
  options: { clock?: TestClock; sms?: SmsSender; log?: (line: string) => void; env?: Record<string, string> } = {},
): Promise<TestApp & { clock: TestClock }> {
  const config = loadConfig({ NODE_ENV: 'test', RATES_REFRESH: 'off', WEB_DIST: './.tmp/no-web', ...options.env });
  const database = await openTestDatabase();
  const clock = options.clock ?? new TestClock();
  const logSms = new LogSmsSender(options.log ?? (() => undefined));
  const app = await buildApp({ config, database, sms: options.sms ?? logSms, logger: false, now: clock.now, sleep: clock.sleep });
  await app.ready();
  return {
    app,
    database,
    sms: logSms,
    config,
    clock,
    async close() {
      await app.close();
      await database.close();
      await database.drop?.();
    },
  };
}
