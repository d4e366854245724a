import { describe, expect, it } from 'vitest';
import { databaseForFile } from '../../tests/api/harness';
import { getMeta, raiseMeta, setMeta } from './meta';

const file = databaseForFile();

describe('raiseMeta', () => {
  it('keeps the later value when two writers raise the same key at once, in either order', async () => {
    const db = file.database.db;
    for (let round = 0; round < 20; round++) {
      await setMeta(db, 'raised', '2026-01-01');
      const [first, second] = round % 2 ? ['2026-04-25', '2026-04-13'] : ['2026-04-13', '2026-04-25'];
      await Promise.all([raiseMeta(db, 'raised', first), raiseMeta(db, 'raised', second)]);
      expect(await getMeta(db, 'raised')).toBe('2026-04-25');
    }
    // An earlier value alone never moves it back; a key not yet set is set.
    await raiseMeta(db, 'raised', '2026-03-01');
    expect(await getMeta(db, 'raised')).toBe('2026-04-25');
    await raiseMeta(db, 'fresh', '2026-03-01');
    expect(await getMeta(db, 'fresh')).toBe('2026-03-01');
  });
});
