/**
 * API test files that never open the database DATABASE_URL chooses: they drive PGlite itself, read
 * no database, or test sockets. `npm run test:pg` repeats the API suite on PostgreSQL to check our
 * SQL there, so it leaves these out; `npm test` has run them already.
 */
export const SAME_ON_EITHER_DATABASE = [
  'server/db/migrations.test.ts',
  'server/db/speed/pglite-named.test.ts',
  'server/db/speed/pglite-parsers.test.ts',
  'server/db/speed/pglite-turns.test.ts',
  'server/db/speed/relies-on.test.ts',
  'server/lib/json-shape.test.ts',
  'server/modules/health/shared-check.test.ts',
  'server/modules/transfer/row-operation.test.ts',
  'server/modules/transfer/table-reader.test.ts',
  'server/plugins/kept-answers.test.ts',
  'tests/api/export-words.test.ts',
  'tests/api/security/slow-clients.test.ts',
];
