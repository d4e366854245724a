import { vi } from 'vitest';

/**
 * jsdom has no matchMedia; this one answers min-width and max-width queries for a window of
 * `width` px and tells listeners when a test resizes it.
 */
export function mockWindowWidth(initial: number) {
  let width = initial;
  const lists = new Set<{ query: string; listeners: Set<(e: MediaQueryListEvent) => void> }>();
  const evaluate = (query: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
  };
  vi.stubGlobal('matchMedia', (query: string) => {
    const entry = { query, listeners: new Set<(e: MediaQueryListEvent) => void>() };
    lists.add(entry);
    return {
      media: query,
      get matches() {
        return evaluate(query);
      },
      onchange: null,
      addEventListener: (_: string, fn: (e: MediaQueryListEvent) => void) => entry.listeners.add(fn),
      removeEventListener: (_: string, fn: (e: MediaQueryListEvent) => void) => entry.listeners.delete(fn),
      addListener: (fn: (e: MediaQueryListEvent) => void) => entry.listeners.add(fn),
      removeListener: (fn: (e: MediaQueryListEvent) => void) => entry.listeners.delete(fn),
      dispatchEvent: () => true,
    } as unknown as MediaQueryList;
  });
  return {
    resize(next: number) {
      width = next;
      for (const entry of lists) {
        for (const fn of entry.listeners) fn({ matches: evaluate(entry.query), media: entry.query } as MediaQueryListEvent);
      }
    },
  };
}
