import type { OperationHistoryResponse, OperationVersion } from '../../../common/contract/operations';
import { DomainError } from '../../../common/errors';
import type { Queryable } from '../../db/client';
import { changedFields, stateOf, stateView, type StoredState } from './entered';
import { operationForParticipant, updateOperation, type OperationRow } from './repository';
import { hasVersions, insertVersion, insertVersions, versionsOf, type VersionRow } from './versions-repository';

export type OperationAction = OperationVersion['action'];

/**
 * Operations written before history was kept have none: their first change records what they
 * were at creation as version 1 first, so every history starts with 'created'.
 */
async function ensureFirstVersion(tx: Queryable, row: OperationRow): Promise<void> {
  if (!(await hasVersions(tx, row.id))) await recordCreated(tx, row);
}

/** New operations' first versions. */
export async function recordCreated(tx: Queryable, ...rows: OperationRow[]): Promise<void> {
  await insertVersions(
    tx,
    rows.map((row) => ({ operationId: row.id, version: row.version, action: 'created', actorId: row.authorId, state: stateOf(row), createdAt: row.createdAt })),
  );
}

/**
 * Records a change to `before` that made it `after` (both rows as the caller holds them, inside
 * the write's transaction): the version number goes up by one and the new state is kept.
 * Returns `after` with its new version.
 */
export async function recordChange(
  tx: Queryable,
  before: OperationRow,
  after: OperationRow,
  action: OperationAction,
  actor: number,
  revertedTo: number | null = null,
  idempotencyKey: string | null = null,
): Promise<OperationRow> {
  await ensureFirstVersion(tx, before);
  const version = before.version + 1;
  await updateOperation(tx, before.id, { version });
  const next = { ...after, version };
  await insertVersion(tx, { operationId: before.id, version, action, actorId: actor, revertedTo, state: stateOf(next), idempotencyKey });
  return next;
}

/** GET /operation/{id}/history/: every version oldest first, each with what it changed. */
export async function operationHistory(db: Queryable, viewer: number, operationId: number): Promise<OperationHistoryResponse> {
  const row = await operationForParticipant(db, operationId, viewer);
  if (!row) throw new DomainError('not_found');
  return { operation_id: row.id, version: row.version, versions: versionViews(row, await versionsOf(db, row.id)) };
}

/**
 * An operation's versions as the API shows them, from its stored ones; an operation written before
 * history was kept has one, its creation as it stands.
 */
export function versionViews(row: OperationRow, stored: readonly VersionRow[]): OperationVersion[] {
  const rows =
    stored.length > 0
      ? stored
      : [{ version: row.version, action: 'created', actorId: row.authorId, revertedTo: null, state: stateOf(row) as unknown, createdAt: row.createdAt }];
  const versions: OperationVersion[] = [];
  for (const v of rows) {
    const state = stateView(v.state as StoredState);
    const previous = versions[versions.length - 1];
    versions.push({
      version: v.version,
      action: v.action as OperationAction,
      actor: v.actorId,
      at: v.createdAt.toISOString(),
      changes: previous ? changedFields(previous.state, state) : [],
      reverted_to: v.revertedTo ?? null,
      state,
    });
  }
  return versions;
}

/** The stored state of one version, for a revert. */
export function storedStateOf(value: unknown): StoredState {
  return value as StoredState;
}
