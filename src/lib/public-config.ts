import { useEffect, useState } from 'react';
import type { PublicConfigResponse } from '@common/contract/config';
import { request } from './api-client';

/**
 * GET /v1/config/, asked once per page load: the deployment's settings change only when the
 * server restarts. A failed call is asked again by the next screen that wants it.
 */
let pending: Promise<PublicConfigResponse | null> | null = null;

export function publicConfig(): Promise<PublicConfigResponse | null> {
  pending ??= request<PublicConfigResponse>('GET', '/config/', { cacheable: true }).catch(() => {
    pending = null;
    return null;
  });
  return pending;
}

/** The settings once known; null until then (and after a failure). */
export function usePublicConfig(): PublicConfigResponse | null {
  const [config, setConfig] = useState<PublicConfigResponse | null>(null);
  useEffect(() => {
    let live = true;
    void publicConfig().then((c) => {
      if (live) setConfig(c);
    });
    return () => {
      live = false;
    };
  }, []);
  return config;
}

/** Tests start each case from a fresh page. */
export function forgetPublicConfig(): void {
  pending = null;
}
