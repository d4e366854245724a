import { describe, expect, it, vi } from 'vitest';
import { preloadScreens, screensFor } from './router';

const fetched = vi.hoisted(() => new Set<string>());
vi.mock('@/features/auth/components/SignInPage', () => {
  fetched.add('signIn');
  return { default: () => null };
});

describe('the first screen starts loading with the language', () => {
  it('is sign-in for an anonymous visitor of any guarded path; the public screens go by their path', () => {
    expect(screensFor('/', false)).toEqual(['signIn']);
    expect(screensFor('/events/12/debts', false)).toEqual(['signIn']);
    expect(screensFor('/people', false)).toEqual(['signIn']);
    expect(screensFor('/signup', false)).toEqual(['signUp']);
    expect(screensFor('/restore_password', true)).toEqual(['restorePassword']);
  });

  it('is the events frame and the open tab for a signed-in user', () => {
    expect(screensFor('/', true)).toEqual(['events']);
    expect(screensFor('/events', true)).toEqual(['events']);
    expect(screensFor('/events/12', true)).toEqual(['events', 'transactions']);
    expect(screensFor('/events/12/transactions', true)).toEqual(['events', 'transactions']);
    expect(screensFor('/events/12/my-share', true)).toEqual(['events', 'myShare']);
    expect(screensFor('/events/12/debts/', true)).toEqual(['events', 'debts']);
  });

  it('is people or FAQ by their paths, and nothing for a path it does not know', () => {
    expect(screensFor('/people/7', true)).toEqual(['people']);
    expect(screensFor('/faq', true)).toEqual(['faq']);
    expect(screensFor('/no/such/page', true)).toEqual([]);
  });

  it('actually fetches the module', async () => {
    preloadScreens('/signin', false);
    await vi.waitFor(() => expect(fetched.has('signIn')).toBe(true));
  });
});
