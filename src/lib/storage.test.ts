import { beforeEach, describe, expect, it } from 'vitest';
import { returnPath } from './storage';

describe('the remembered return path', () => {
  beforeEach(() => sessionStorage.clear());

  it('keeps an in-app page with its query', () => {
    returnPath.remember('/people/12?currency=EUR');
    expect(returnPath.peek()).toBe('/people/12?currency=EUR');
    returnPath.clear();
    expect(returnPath.peek()).toBeNull();
  });

  it('never keeps a way off the site, home, or the sign-in pages themselves', () => {
    for (const path of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', '/', '/signin', '/signup?x=1', '/restore_password', '/checkuser']) {
      returnPath.remember(path);
      expect(returnPath.peek(), path).toBeNull();
    }
    sessionStorage.setItem('return_path', '//evil.example');
    expect(returnPath.peek()).toBeNull();
  });
});
