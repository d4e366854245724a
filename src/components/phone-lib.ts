import type * as PhoneModule from '@common/phone';

export type PhoneLib = typeof PhoneModule;

/**
 * common/phone pulls in libphonenumber-js (about 29 kB gzip). The sign-in screen is the first
 * thing most people load, so the library comes only once a phone field is used.
 */
let loaded: PhoneLib | null = null;
let pending: Promise<PhoneLib> | null = null;

export function loadPhoneLib(): Promise<PhoneLib> {
  if (loaded) return Promise.resolve(loaded);
  pending ??= import('@common/phone').then((lib) => {
    loaded = lib;
    return lib;
  });
  return pending;
}

export function phoneLibIfLoaded(): PhoneLib | null {
  return loaded;
}

/** The phone in E.164, or null when it is not a possible number; what forms check on submit. */
export async function checkPhone(text: string): Promise<string | null> {
  const lib = await loadPhoneLib();
  return lib.normalizePhone(text);
}
