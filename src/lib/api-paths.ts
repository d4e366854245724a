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
