/** The event tabs are routes of their own, so each is a lazily loaded chunk. */
export const loadTransactionsPage = () => import('./components/TransactionsPage');
export const loadMySharePage = () => import('./components/MySharePage');
export const loadDebtsPage = () => import('./components/DebtsPage');

export { operationsSlice } from './operations-slice';
export { type OperationsState } from './operations-slice';
/** Recording an operation from another screen (the People page's one-click loans and paybacks). */
export { createOperation } from './operations-thunks';
export { newIdempotencyKey } from './operations-api';
export { recordedState } from './components/RecordedToast';
