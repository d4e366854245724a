/*
 * Stand-ins for tests of picture upload (event pictures, avatars). jsdom decodes no pictures and
 * has no canvas: the browser-only steps of src/components/images.ts are replaced (the rules they
 * feed are tested in images.test.ts and end to end), and the cropper reports a crop as soon as it
 * mounts, as react-easy-crop does once its picture has loaded. A test file installs them with
 *
 *   vi.mock('@/components/images', async (original) => (await import('<path>/tests/web/image-stubs')).imagesModule(original));
 *   vi.mock('react-easy-crop', async () => (await import('<path>/tests/web/image-stubs')).cropperModule);
 *
 * and sets imageStubs.facts / imageStubs.cropped for a case (afterEach: resetImageStubs()).
 */
import { useEffect } from 'react';
import { vi } from 'vitest';
import type * as Images from '@/components/images';

const DEFAULTS = { facts: { width: 400, height: 300 }, cropped: 'data:image/png;base64,Q1JPUFBFRA==' };

/** What the next picked file measures, and the data URL the next crop yields. */
export const imageStubs = { facts: { ...DEFAULTS.facts }, cropped: DEFAULTS.cropped };

export function resetImageStubs(): void {
  imageStubs.facts = { ...DEFAULTS.facts };
  imageStubs.cropped = DEFAULTS.cropped;
}

/** images.ts with its browser-only steps answered from imageStubs. */
export async function imagesModule(importOriginal: <T>() => Promise<T>): Promise<typeof Images> {
  const actual = await importOriginal<typeof Images>();
  return {
    ...actual,
    readImageFile: vi.fn(async (file: File) => ({ url: 'blob:picture', facts: { name: file.name, type: file.type, size: file.size, ...imageStubs.facts } })),
    cropToDataUrl: vi.fn(async () => imageStubs.cropped),
    svgToPngDataUrl: vi.fn(async (src: string) => `data:image/png;base64,${btoa(src)}`),
  };
}

function FakeCropper({ onCropComplete }: { onCropComplete: (a: unknown, p: unknown) => void }) {
  // Once, like the real cropper after its picture loads (the handler is a new function every render).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => onCropComplete({ x: 0, y: 0, width: 100, height: 100 }, { x: 50, y: 0, width: 300, height: 300 }), []);
  return <div data-testid="fake-cropper" />;
}

export const cropperModule = { default: FakeCropper };
