import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../../common/errors';
import { imageVariants, images } from '../../db/schema';
import { call, createTestApp, type TestApp } from '../../../tests/api/harness';
import { deleteImage, IMAGE_SIZES, imageIdFromUrl, imageKeyFromUrl, storeImage } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function picture(width: number, height: number, format: 'png' | 'jpeg' = 'png'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 220 } } })
    .toFormat(format)
    .toBuffer();
}
const b64 = (buf: Buffer) => buf.toString('base64');

async function refusal(base64: string, field?: string): Promise<string> {
  const err = await storeImage(t.database.db, base64, null, field).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(DomainError);
  expect((err as DomainError).field).toBe(field ?? 'avatar_url');
  return (err as DomainError).code;
}

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('storeImage', () => {
  it('re-encodes to square WebP of at most 1024 px and answers the {size} URL', async () => {
    const stored = await storeImage(t.database.db, b64(await picture(2000, 2001, 'jpeg')), null);
    expect(stored.url).toBe(`/app/img/${stored.key}/{size}.webp`);
    expect(await imageIdFromUrl(t.database.db, stored.url)).toBe(stored.id);
    const [row] = await t.database.db.select().from(images).where(eq(images.id, stored.id));
    const meta = await sharp(row!.data).metadata();
    expect([meta.format, meta.width, meta.height, row!.width, row!.height]).toEqual(['webp', 1024, 1024, 1024, 1024]);
  });

  it('keeps only pixels: EXIF such as GPS positions and comments is gone', async () => {
    const tagged = await sharp(await picture(100, 100, 'jpeg'))
      .withExif({ IFD0: { Copyright: 'private note', ImageDescription: 'home address' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(tagged).metadata()).exif).toBeDefined();
    const { id } = await storeImage(t.database.db, b64(tagged), null);
    const [row] = await t.database.db.select({ data: images.data }).from(images).where(eq(images.id, id));
    expect((await sharp(row!.data).metadata()).exif).toBeUndefined();
    expect(row!.data.includes('private note')).toBe(false);
  });

  it('tolerates a data URL prefix, line breaks and the URL-safe alphabet', async () => {
    const text = b64(await picture(80, 80));
    const wrapped = text.replace(/(.{76})/g, '$1\n');
    for (const variant of [`data:image/png;base64,${text}`, wrapped, Buffer.from(text, 'base64').toString('base64url')]) {
      expect((await storeImage(t.database.db, variant, null)).id).toBeGreaterThan(0);
    }
  });

  it('takes sides from 70 to 10000 px, one pixel off square at most', async () => {
    for (const [w, h] of [
      [70, 70],
      [70, 71],
      [71, 70],
    ]) {
      expect((await storeImage(t.database.db, b64(await picture(w!, h!)), null)).id).toBeGreaterThan(0);
    }
    expect(await refusal(b64(await picture(69, 69)))).toBe('picture_size');
    expect(await refusal(b64(await picture(69, 70)))).toBe('picture_size');
    expect(await refusal(b64(await picture(70, 72)))).toBe('picture_not_square');
    // 10000 passes the size check (and fails only for not being square); 10001 does not.
    expect(await refusal(b64(await picture(70, 10_000)))).toBe('picture_not_square');
    expect(await refusal(b64(await picture(70, 10_001)))).toBe('picture_size');
    // Square and past the pixel limit of decoding: still the size message, not 'not a picture'.
    expect(await refusal(b64(await picture(10_001, 10_001)))).toBe('picture_size');
  });

  it('refuses what is not a png, jpeg or webp picture, naming the field it was given', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100"/></svg>');
    const gif = await sharp({ create: { width: 100, height: 100, channels: 3, background: 'red' } })
      .gif()
      .toBuffer();
    const truncated = (await picture(300, 300)).subarray(0, 200);
    for (const input of [b64(svg), b64(gif), b64(truncated), b64(Buffer.from('%PDF-1.4')), '!!!!', 'data:image/png;base64,']) {
      expect(await refusal(input, 'image_url')).toBe('picture_invalid');
    }
  });

  it('refuses more than 5242880 bytes before decoding, and takes exactly that many', async () => {
    expect(await refusal('A'.repeat(Math.ceil((5_242_881 * 4) / 3) + 4))).toBe('picture_too_big');
    // A real picture padded to the limit with trailing bytes decoders ignore.
    const png = await picture(100, 100);
    const padded = Buffer.concat([png, Buffer.alloc(5_242_880 - png.length)]);
    expect((await storeImage(t.database.db, b64(padded), null)).id).toBeGreaterThan(0);
    expect(await refusal(b64(Buffer.concat([padded, Buffer.alloc(1)])))).toBe('picture_too_big');
  });
});

describe('image keys', () => {
  it('names each picture by 128 random bits, never by its position in the table', async () => {
    const stored = await Promise.all([1, 2, 3].map(async () => storeImage(t.database.db, b64(await picture(80, 80)), null)));
    const keys = stored.map((s) => s.key);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(keys).size).toBe(3);
    for (const s of stored) {
      expect(imageKeyFromUrl(s.url)).toBe(s.key);
      expect(s.url).not.toContain(`/${s.id}/`);
    }
  });

  it('finds no image from a URL of the old numbered form or of a key nobody holds', async () => {
    const stored = await storeImage(t.database.db, b64(await picture(80, 80)), null);
    expect(await imageIdFromUrl(t.database.db, `/app/img/${stored.id}/{size}.webp`)).toBeNull();
    expect(await imageIdFromUrl(t.database.db, `/app/img/${'0'.repeat(32)}/{size}.webp`)).toBeNull();
    expect(await imageIdFromUrl(t.database.db, stored.url.replace('/app/img/', '/app/img/x'))).toBeNull();
  });
});

describe('GET /app/img/<key>/<size>.webp', () => {
  let url: string;
  let id: number;
  beforeAll(async () => {
    ({ id, url } = await storeImage(t.database.db, b64(await picture(600, 600)), null));
  });

  it('serves every listed size as WebP without a token, cached for a year with a strong ETag', async () => {
    for (const size of IMAGE_SIZES) {
      const res = await get(url.replace('{size}', size));
      expect(res.statusCode, size).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.etag).toMatch(/^"[0-9a-f]{64}"$/);
      const meta = await sharp(res.rawPayload).metadata();
      expect(`${meta.width}x${meta.height}`).toBe(size);
    }
  });

  it('renders a size once and serves it from the database afterwards', async () => {
    const variantUrl = url.replace('{size}', '90x90');
    const first = await get(variantUrl);
    const thisVariant = and(eq(imageVariants.imageId, id), eq(imageVariants.size, '90x90'));
    const rows = () => t.database.db.select().from(imageVariants).where(thisVariant);
    const [row] = await rows();
    expect(`"${row!.etag}"`).toBe(first.headers.etag);
    // Whatever the table holds is what is served, so the second answer did not render again.
    const marker = Buffer.from('cached bytes');
    await t.database.db.update(imageVariants).set({ data: marker }).where(thisVariant);
    const second = await get(variantUrl);
    expect(second.rawPayload.equals(marker)).toBe(true);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(await rows()).toHaveLength(1);
  });

  it('answers 304 with no body to a matching If-None-Match, weak or in a list, and 200 to another tag', async () => {
    const sized = url.replace('{size}', '140x140');
    const etag = (await get(sized)).headers.etag as string;
    for (const header of [etag, `"other", W/${etag}`, '*']) {
      const res = await get(sized, { 'if-none-match': header });
      expect(res.statusCode, header).toBe(304);
      expect(res.rawPayload.length).toBe(0);
      expect(res.headers.etag).toBe(etag);
    }
    expect((await get(sized, { 'if-none-match': '"something-else"' })).statusCode).toBe(200);
  });

  it('serves a small picture at its own size rather than enlarging it', async () => {
    const small = await storeImage(t.database.db, b64(await picture(100, 100)), null);
    const res = await get(small.url.replace('{size}', '512x512'));
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([100, 100]);
  });

  it('answers HEAD with the headers alone', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: url.replace('{size}', '45x45') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers.etag).toMatch(/^"/);
    expect(res.rawPayload.length).toBe(0);
  });

  it('answers a JSON 404 for unlisted sizes, other extensions, bad or unknown keys, numbered ids and deleted images', async () => {
    const gone = await storeImage(t.database.db, b64(await picture(100, 100)), null);
    await get(gone.url.replace('{size}', '45x45'));
    await deleteImage(t.database.db, gone.id);
    expect(await t.database.db.select().from(imageVariants).where(eq(imageVariants.imageId, gone.id))).toEqual([]);
    for (const path of [
      url.replace('{size}', '100x100'),
      url.replace('{size}', '140x90'),
      url.replace('{size}', '{size}'),
      url.replace('{size}.webp', '140x140.png'),
      url.replace('{size}.webp', '140x140'),
      '/app/img/abc/140x140.webp',
      '/app/img/-1/140x140.webp',
      '/app/img/99999999999999999999/140x140.webp',
      '/app/img/999999/140x140.webp',
      `/app/img/${id}/140x140.webp`,
      `/app/img/${'f'.repeat(32)}/140x140.webp`,
      `/app/img/${url.split('/')[3]!.toUpperCase()}/140x140.webp`,
      gone.url.replace('{size}', '45x45'),
    ]) {
      const res = await call(t.app, 'GET', path);
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ error: 'Not found', code: 'not_found' });
    }
  });
});
