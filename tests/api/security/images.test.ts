/**
 * Issue 9, security: an uploaded picture cannot carry anything but pixels. Whatever rides along in
 * the file (PNG text chunks, JPEG comments, HTML appended after the image, EXIF, XMP, ICC
 * profiles), what is stored and served is a fresh WebP encode, answered as image/webp with nosniff,
 * so no browser can be talked into reading it as a page.
 *
 * Already covered in server/modules/images/images.test.ts: EXIF tags are dropped, SVG/GIF/PDF and
 * broken files are refused, the size limits. Not covered by a test here: image URLs carry the
 * sequential image id and need no token (docs/decisions/0002-accounts.md, 'Pictures').
 */
import { crc32, deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images } from '../../../server/db/schema';
import { IMAGE_SIZES } from '../../../server/modules/images/service';
import { call, createTestApp, type TestApp } from '../harness';
import { person, type Person } from '../ledger-factories';
import { expectErrorBody, fingerprint } from './support';

let t: TestApp;
let anna: Person;
beforeAll(async () => {
  t = await createTestApp();
  anna = await person(t, 'Anna');
});
afterAll(async () => {
  await t.close();
});

const SCRIPT = '<script>alert(document.cookie)</script>';
const HTML = `<!doctype html><html><body>${SCRIPT}</body></html>`;

const solid = (format: 'png' | 'jpeg' | 'webp', side = 120) =>
  sharp({ create: { width: side, height: side, channels: 3, background: { r: 10, g: 200, b: 90 } } }).toFormat(format);

/** A PNG chunk: length, type, data, CRC of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** Inserts chunks right after IHDR (8-byte signature, then IHDR's 25 bytes). */
function withPngChunks(png: Buffer, ...chunks: Buffer[]): Buffer {
  return Buffer.concat([png.subarray(0, 33), ...chunks, png.subarray(33)]);
}

/** A JPEG with a COM (comment) segment right after SOI. */
function withJpegComment(jpeg: Buffer, text: string): Buffer {
  const data = Buffer.from(text, 'latin1');
  const header = Buffer.from([0xff, 0xfe, 0, 0]);
  header.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), header, data, jpeg.subarray(2)]);
}

async function hostile(): Promise<[string, Buffer][]> {
  const png = await solid('png').toBuffer();
  const jpeg = await solid('jpeg').toBuffer();
  return [
    [
      'a PNG with tEXt, iTXt and zTXt chunks holding a script',
      withPngChunks(
        png,
        pngChunk('tEXt', Buffer.from(`Comment\0${SCRIPT}`, 'latin1')),
        pngChunk('iTXt', Buffer.from(`XML:com.adobe.xmp\0\0\0\0\0${HTML}`, 'utf8')),
        pngChunk('zTXt', Buffer.concat([Buffer.from('Title\0\0', 'latin1'), deflateSync(HTML)])),
      ),
    ],
    ['a JPEG+HTML polyglot (HTML after the end of the image)', Buffer.concat([jpeg, Buffer.from(HTML)])],
    ['a JPEG with a comment segment holding HTML', withJpegComment(jpeg, HTML)],
    [
      'a JPEG with EXIF and XMP holding a script',
      await sharp(jpeg)
        .withExif({ IFD0: { ImageDescription: SCRIPT, Artist: HTML } })
        .withXmp(`<x:xmpmeta xmlns:x="adobe:ns:meta/">${SCRIPT}</x:xmpmeta>`)
        .jpeg()
        .toBuffer(),
    ],
    [
      'a WebP with EXIF and an ICC profile',
      await solid('webp')
        .withExif({ IFD0: { Copyright: SCRIPT } })
        .withIccProfile('p3')
        .webp()
        .toBuffer(),
    ],
    ['a PNG with an ICC profile', await solid('png').withIccProfile('p3').png().toBuffer()],
  ];
}

const isWebp = (b: Buffer) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP';
const MARKERS = ['<script', '<html', 'alert(', 'xmpmeta', 'Comment'];

async function expectOnlyPixels(data: Buffer, context: string): Promise<void> {
  expect(isWebp(data), context).toBe(true);
  const text = data.toString('latin1');
  for (const marker of MARKERS) expect(text.includes(marker), `${context} holds ${marker}`).toBe(false);
  const meta = await sharp(data).metadata();
  expect({ exif: meta.exif, xmp: meta.xmp, icc: meta.icc, comments: meta.comments }, context).toEqual({
    exif: undefined,
    xmp: undefined,
    icc: undefined,
    comments: undefined,
  });
}

describe('an uploaded picture keeps only its pixels', () => {
  it('stores and serves every hostile upload as a fresh WebP, image/webp and nosniff, with nothing of what rode along', async () => {
    for (const [name, file] of await hostile()) {
      // The input really carries the payload, or the checks below prove nothing.
      expect(file.toString('latin1').includes('<script') || (await sharp(file).metadata()).icc !== undefined, name).toBe(true);
      const res = await call(t.app, 'PUT', '/app/api/v2/user/me/', { token: anna.token, body: { avatar_url: file.toString('base64') } });
      expect(res.status, name).toBe(200);
      const url = res.body.avatar_url as string;
      const [row] = await t.database.db
        .select({ data: images.data })
        .from(images)
        .where(eq(images.key, url.split('/')[3]!));
      await expectOnlyPixels(row!.data, `${name}: stored`);
      for (const size of IMAGE_SIZES) {
        const served = await t.app.inject({ method: 'GET', url: url.replace('{size}', size) });
        expect(served.statusCode, `${name} ${size}`).toBe(200);
        expect(served.headers['content-type']).toBe('image/webp');
        expect(served.headers['x-content-type-options']).toBe('nosniff');
        await expectOnlyPixels(served.rawPayload, `${name}: served at ${size}`);
      }
    }
  });

  it('does the same for an event picture', async () => {
    const [name, file] = (await hostile())[0]!;
    const res = await call(t.app, 'POST', '/app/api/v1/event/', {
      token: anna.token,
      body: { event_name: 'Pictures', contacts: [], image_url: file.toString('base64') },
    });
    expect(res.status, name).toBe(201);
    const served = await t.app.inject({ method: 'GET', url: String(res.body.image_url).replace('{size}', '280x280') });
    expect([served.statusCode, served.headers['content-type'], served.headers['x-content-type-options']]).toEqual([200, 'image/webp', 'nosniff']);
    await expectOnlyPixels(served.rawPayload, `${name}: event picture`);
  });

  it('refuses HTML, SVG with a script and a decompression bomb before storing anything, with no 5xx', async () => {
    const png = await solid('png', 100).toBuffer();
    // IHDR patched to claim 60000 × 60000 px, its CRC fixed so only the size gives it away.
    const bomb = Buffer.from(png);
    bomb.writeUInt32BE(60_000, 16);
    bomb.writeUInt32BE(60_000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    const cases: [string, Buffer, string[]][] = [
      ['HTML', Buffer.from(HTML), ['picture_invalid']],
      ['SVG with a script', Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">${SCRIPT}</svg>`), ['picture_invalid']],
      ['HTML followed by a PNG', Buffer.concat([Buffer.from(HTML), png]), ['picture_invalid']],
      ['a PNG claiming 60000 px a side', bomb, ['picture_size', 'picture_invalid']],
    ];
    for (const [name, file, codes] of cases) {
      const before = await fingerprint(t);
      const res = await call(t.app, 'PUT', '/app/api/v2/user/me/', { token: anna.token, body: { avatar_url: file.toString('base64') } });
      expect(res.status, name).toBe(400);
      expectErrorBody(res.body, name);
      expect(codes, `${name}: ${res.body.code}`).toContain(res.body.code);
      expect(await fingerprint(t)).toEqual(before);
    }
  });

  it('answers a missing picture as JSON with nosniff, never as anything a browser would render', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/app/img/${'0'.repeat(32)}/45x45.webp` });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
