import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WEB_TESTS_ISOLATED } from './isolated';

/** Every web test file, as paths from the repository's root. */
function webTestFiles(): string[] {
  return ['src', 'tests/web'].flatMap((dir) =>
    (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => /\.test\.tsx?$/.test(f)).map((f) => path.join(dir, f)),
  );
}

// A module mock set up by one file would still be in place for the next file the worker runs:
// a file that mocks a module must run on modules of its own.
describe('the web test files that run on modules of their own', () => {
  it('are every file that mocks a module', () => {
    const mocking = webTestFiles().filter((file) => /\bvi\.(do)?mock\(/.test(fs.readFileSync(file, 'utf8')));
    expect(mocking.length).toBeGreaterThan(0);
    expect(mocking.filter((file) => !WEB_TESTS_ISOLATED.includes(file))).toEqual([]);
  });

  it.each(WEB_TESTS_ISOLATED)('%s exists', (file) => {
    expect(fs.existsSync(file)).toBe(true);
  });
});
