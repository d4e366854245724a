import { loadPending, sendPending } from './pending-thunks';

type Dispatch = (action: unknown) => unknown;

/**
 * How often a round is tried while the browser thinks it is online: a server that was down, and
 * browsers that do not fire 'online' (an emulated connection, some webviews). An empty queue costs
 * one IndexedDB read.
 */
const RETRY_MS = 10_000;

/**
 * Sends what this device keeps waiting for `author` as soon as the app starts signed in, whenever
 * the connection comes back, and every few seconds meanwhile. The app shell starts it after sign-in,
 * loading this module on its own so that the first screen does not wait for it.
 */
export function startPendingSender(dispatch: Dispatch, author: number): () => void {
  const send = () => {
    if (navigator.onLine) void dispatch(sendPending(author));
  };
  void dispatch(loadPending(author));
  send();
  window.addEventListener('online', send);
  const timer = window.setInterval(send, RETRY_MS);
  return () => {
    window.removeEventListener('online', send);
    window.clearInterval(timer);
  };
}
