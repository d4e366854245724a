export const API_BASE = '/app/api';

/** Specification §7: /v1 is inserted unless the path already names v2. */
export function versioned(path: string): string {
  const p = path.startsWith('/') ? path : `/${path}`;
  return p.includes('v2') ? p : `/v1${p}`;
}

/** Specification §7: every path goes under /app/api, versioned. */
export function apiPath(path: string): string {
  return `${API_BASE}${versioned(path)}`;
}

/**
 * A read as the server receives it: its path and the parameters it sends, in any order (axios
 * leaves out null and undefined, and sends every value as text). Two calls with the same key ask
 * the same thing.
 */
export function readKey(path: string, params?: Record<string, unknown>): string {
  const query = Object.entries(params ?? {})
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => `${k}=${String(v)}`)
    .sort()
    .join('&');
  return `${path}?${query}`;
}
