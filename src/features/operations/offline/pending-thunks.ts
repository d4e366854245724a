import type { CreateOperationBody } from '@common/contract/operations';
import { toApiError, type ApiError } from '@/lib/api-client';
import { newIdempotencyKey, postOperation, putOperationCall } from '../operations-api';
import { feedOutdated } from '../feed-writes';
import { pendingChanged } from '../operations-slice';
import { refreshAfterChange } from '../operations-thunks';
import { dropPending, keepPending, pendingOperations, type PendingOperation } from './pending-store';

type Dispatch = (action: unknown) => unknown;

async function publish(dispatch: Dispatch, author: number): Promise<void> {
  dispatch(pendingChanged((await pendingOperations()).filter((p) => p.author === author)));
}

/** Reads what this device keeps waiting for `author` into the store. */
export const loadPending = (author: number) => (dispatch: Dispatch) => publish(dispatch, author);

/** A new operation the server could not be reached for: kept, with the key it was sent with. */
export const queueOperation =
  (item: { key: string; author: number; body: CreateOperationBody }) =>
  async (dispatch: Dispatch): Promise<void> => {
    await keepPending({ ...item, eventId: item.body.event_id, queuedAt: new Date().toISOString(), refused: null });
    await publish(dispatch, item.author);
  };

/** An edit of a waiting one: the same key, so that it can still never be recorded twice. */
export const updatePending =
  (item: PendingOperation, body: CreateOperationBody) =>
  async (dispatch: Dispatch): Promise<void> => {
    // A refusal means the key recorded nothing; otherwise an earlier attempt may have got through.
    await keepPending({ ...item, body, refused: null, edited: item.refused === null });
    await publish(dispatch, item.author);
  };

export const discardPending =
  (item: PendingOperation) =>
  async (dispatch: Dispatch): Promise<void> => {
    await dropPending(item.key);
    await publish(dispatch, item.author);
  };

/** The server could not answer now (no connection, overloaded, asked to wait): try again later. */
function isTransient(error: ApiError): boolean {
  return error.code === 'network' || error.status === 0 || error.status >= 500 || error.status === 429 || error.status === 401;
}

/**
 * Sends one. The key answers with the operation already recorded if an earlier attempt got
 * through, so one changed while waiting is then made what it now says, from the version just
 * answered; the server records nothing when it already is.
 */
async function send(item: PendingOperation): Promise<void> {
  const op = await postOperation(item.body, item.key);
  if (item.edited) await putOperationCall(op.id, item.body, op.version, newIdempotencyKey());
}

let sending: Promise<void> | null = null;

/**
 * Sends what waits, oldest first, each with its own Idempotency-Key: a retry after a lost answer
 * gets the operation the server already recorded, never a second one. A refusal is kept with its
 * reason for the person to fix or discard; no connection stops the round until the next one.
 */
export const sendPending =
  (author: number) =>
  (dispatch: Dispatch): Promise<void> => {
    sending ??= (async () => {
      try {
        for (const item of await pendingOperations()) {
          if (item.author !== author || item.refused) continue;
          try {
            await send(item);
          } catch (err) {
            const error = toApiError(err);
            if (isTransient(error)) break;
            await keepPending({ ...item, refused: error });
            continue;
          }
          await dropPending(item.key);
          dispatch(feedOutdated(item.eventId));
          refreshAfterChange(dispatch, [item.eventId]);
        }
      } finally {
        await publish(dispatch, author);
        sending = null;
      }
    })();
    return sending;
  };
