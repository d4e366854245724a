import { useEffect, useRef, type RefObject } from 'react';

type Callback = (entry: IntersectionObserverEntry) => void;

interface Shared {
  observer: IntersectionObserver;
  callbacks: Map<Element, Callback>;
}

/** One IntersectionObserver per option set, shared by every element that uses it (hundreds of feed pages). */
const registry = new Map<string, Shared>();

function sharedObserver(rootMargin: string, threshold: number): Shared {
  const key = `${rootMargin}|${threshold}`;
  let shared = registry.get(key);
  if (!shared) {
    const callbacks = new Map<Element, Callback>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) callbacks.get(entry.target)?.(entry);
      },
      { rootMargin, threshold },
    );
    shared = { observer, callbacks };
    registry.set(key, shared);
  }
  return shared;
}

export function canObserve(): boolean {
  return typeof IntersectionObserver !== 'undefined';
}

/**
 * Calls `onChange` with whether the element is within `rootMargin` of the viewport. Without
 * IntersectionObserver (old browsers, jsdom) everything counts as visible once.
 */
export function useInView(ref: RefObject<Element | null>, onChange: (visible: boolean) => void, rootMargin = '0px', threshold = 0): void {
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (!canObserve()) {
      latest.current(true);
      return;
    }
    const shared = sharedObserver(rootMargin, threshold);
    shared.callbacks.set(el, (entry) => latest.current(entry.isIntersecting));
    shared.observer.observe(el);
    return () => {
      shared.callbacks.delete(el);
      shared.observer.unobserve(el);
    };
  }, [ref, rootMargin, threshold]);
}

/** Test support: forget the shared observers so a stubbed IntersectionObserver takes effect. */
export function resetObservers(): void {
  for (const shared of registry.values()) shared.observer.disconnect();
  registry.clear();
}
