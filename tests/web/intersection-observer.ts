type ObserverEntry = { callback: IntersectionObserverCallback; observer: IntersectionObserver; elements: Set<Element> };

/**
 * A stand-in IntersectionObserver for jsdom (which has none): nothing is visible until a test
 * says so with `show(element)`, as a user scrolling to it would. `reset` runs when the stub is
 * installed and when it is restored, for code that keeps observers of its own between renders.
 */
export function stubIntersectionObserver({ reset }: { reset?: () => void } = {}) {
  const observers: ObserverEntry[] = [];
  class Stub implements IntersectionObserver {
    readonly root = null;
    readonly rootMargin: string;
    readonly thresholds: number[];
    private entry: ObserverEntry;
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.rootMargin = options?.rootMargin ?? '0px';
      this.thresholds = [Number(options?.threshold ?? 0)];
      this.entry = { callback, observer: this, elements: new Set() };
      observers.push(this.entry);
    }
    observe(el: Element) {
      this.entry.elements.add(el);
    }
    unobserve(el: Element) {
      this.entry.elements.delete(el);
    }
    disconnect() {
      this.entry.elements.clear();
    }
    takeRecords() {
      return [];
    }
  }
  reset?.();
  const original = globalThis.IntersectionObserver;
  globalThis.IntersectionObserver = Stub as unknown as typeof IntersectionObserver;
  const fire = (el: Element, isIntersecting: boolean) => {
    for (const o of observers) {
      if (!o.elements.has(el)) continue;
      const rect = el.getBoundingClientRect();
      o.callback(
        [
          {
            target: el,
            isIntersecting,
            intersectionRatio: isIntersecting ? 1 : 0,
            boundingClientRect: rect,
            intersectionRect: rect,
            rootBounds: null,
            time: 0,
          },
        ],
        o.observer,
      );
    }
  };
  return {
    show: (el: Element) => fire(el, true),
    hide: (el: Element) => fire(el, false),
    observed: (el: Element) => observers.some((o) => o.elements.has(el)),
    restore: () => {
      reset?.();
      globalThis.IntersectionObserver = original;
    },
  };
}
