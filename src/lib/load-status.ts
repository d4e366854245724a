/**
 * Specification §4's load states: 'loading', 'success', 'error'; 'idle' before the first load of a
 * session and 'cleared' once logout has emptied the data, before any load. (The phone search's
 * 'unregistered' is the add-friend modal's.) Either of the first two means "not loaded, load it".
 */
export type LoadStatus = 'idle' | 'cleared' | 'loading' | 'success' | 'error';

export const notLoaded = (status: LoadStatus): boolean => status === 'idle' || status === 'cleared';
