import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration', () => {
  it('defaults to port 8080 and the embedded database in ./data', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(8080);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.dataDir).toMatch(/data$/);
    expect(c.SMS_PROVIDER).toBe('log');
  });

  it('names the variable at fault when a value is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio' })).toThrow(/TWILIO_ACCOUNT_SID/);
  });

  it('runs several API processes only on PostgreSQL', () => {
    expect(loadConfig({}).WORKERS).toBe(1);
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(/WORKERS: above 1 needs DATABASE_URL/);
    expect(loadConfig({ WORKERS: '4', DATABASE_URL: 'postgres://localhost/dolya' }).WORKERS).toBe(4);
    expect(() => loadConfig({ WORKERS: '0', DATABASE_URL: 'postgres://localhost/dolya' })).toThrow(/WORKERS/);
  });

  it('sends named prepared statements to PostgreSQL unless told not to', () => {
    expect(loadConfig({}).DATABASE_PREPARED_STATEMENTS).toBe(true);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: 'off' }).DATABASE_PREPARED_STATEMENTS).toBe(false);
    expect(() => loadConfig({ DATABASE_PREPARED_STATEMENTS: 'sometimes' })).toThrow(/DATABASE_PREPARED_STATEMENTS/);
  });

  it('reads the rates switch as on or off', () => {
    expect(loadConfig({ RATES_REFRESH: 'off' }).RATES_REFRESH).toBe(false);
    expect(loadConfig({ RATES_REFRESH: 'on' }).RATES_REFRESH).toBe(true);
  });
});
