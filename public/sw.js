/* Dolya's service worker: the app shell opens from the cache when the network is slow or gone.
 *
 * - install: the shell (index.html), the hashed files it names and every script and style of the
 *   build (precache.json, written by vite.config.ts) are cached, so that a screen or dialog first
 *   opened with no connection still loads;
 * - page navigations: network first; after 3 s, or when the network fails, the cached shell
 *   (the app then routes itself); every good network answer refreshes the cached shell, so it
 *   always names hashed files that exist;
 * - /assets/*: cache first (the names carry a content hash, so a cached file is never stale);
 * - /app/api and /app/img are never touched: data and pictures are private and must be fresh (the
 *   app itself keeps the answers it may show offline, per session: src/lib/offline-answers.ts).
 *
 * The server sends this file with `cache-control: no-cache`, so a change here reaches users on
 * their next visit. Change VERSION when the caching rules change, to drop the old caches.
 */
const VERSION = 'v2';
const SHELL_CACHE = `dolya-shell-${VERSION}`;
const ASSET_CACHE = `dolya-assets-${VERSION}`;
const SHELL_URL = '/index.html';
const NAVIGATION_TIMEOUT_MS = 3000;
const MAX_ASSETS = 400;

function isPrivate(url) {
  return url.pathname.startsWith('/app/api') || url.pathname.startsWith('/app/img');
}

function isShell(response) {
  return response.ok && response.type === 'basic' && (response.headers.get('content-type') || '').includes('text/html');
}

/** The hashed scripts and styles index.html loads, so that the first offline start has them. */
function assetsNamedIn(html) {
  const found = new Set();
  for (const match of html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) found.add(match[1]);
  return [...found];
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const response = await fetch(SHELL_URL, { cache: 'reload' });
      if (!isShell(response)) throw new Error(`the app shell answered ${response.status}`);
      const html = await response.clone().text();
      await (await caches.open(SHELL_CACHE)).put(SHELL_URL, response);
      const assets = await caches.open(ASSET_CACHE);
      const built = await fetch('/precache.json', { cache: 'reload' })
        .then((r) => (r.ok ? r.json() : []))
        .catch(() => []);
      const wanted = new Set([...assetsNamedIn(html), ...(Array.isArray(built) ? built.filter((u) => typeof u === 'string' && u.startsWith('/assets/')) : [])]);
      // An asset that fails now is fetched (and cached) on first use instead; it must not stop the install.
      await Promise.all([...wanted].map(async (url) => ((await assets.match(url)) ? undefined : assets.add(url).catch(() => undefined))));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const keep = new Set([SHELL_CACHE, ASSET_CACHE]);
      for (const key of await caches.keys()) if (key.startsWith('dolya-') && !keep.has(key)) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

async function cachedShell() {
  return (await caches.open(SHELL_CACHE)).match(SHELL_URL);
}

async function navigate(request) {
  const network = fetch(request).then(async (response) => {
    if (isShell(response)) await (await caches.open(SHELL_CACHE)).put(SHELL_URL, response.clone());
    return response;
  });
  // Once the shell has been served, a network failure later on is nobody's business.
  network.catch(() => undefined);
  const timeout = new Promise((resolve) => setTimeout(resolve, NAVIGATION_TIMEOUT_MS));
  try {
    const first = await Promise.race([network, timeout]);
    if (first) return first;
    // Slow network: the cached shell now, if there is one; otherwise keep waiting.
    return (await cachedShell()) || (await network);
  } catch (error) {
    const shell = await cachedShell();
    if (shell) return shell;
    throw error;
  }
}

async function trimAssets(cache) {
  const keys = await cache.keys();
  // Oldest first: files of earlier releases go before the ones the current shell uses.
  for (const key of keys.slice(0, Math.max(0, keys.length - MAX_ASSETS))) await cache.delete(key);
}

async function asset(request) {
  const cache = await caches.open(ASSET_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') {
    await cache.put(request, response.clone());
    void trimAssets(cache);
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isPrivate(url)) return;
  if (request.mode === 'navigate') event.respondWith(navigate(request));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(asset(request));
});
