import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SAME_ON_EITHER_DATABASE } from './same-on-either-database';

// A file left out of the PostgreSQL pass must stay one that cannot see which database is chosen:
// should it start opening the test database, it belongs in both passes again.
describe('the files the PostgreSQL pass leaves out', () => {
  it.each(SAME_ON_EITHER_DATABASE)('%s exists and opens no test database', (file) => {
    const text = fs.readFileSync(file, 'utf8');
    expect(text).not.toMatch(/openTestDatabase|createTestApp|DATABASE_URL|from '(\.\.\/)*(tests\/api\/|\.\/)?(harness|factories|custom-app)'/);
  });
});
