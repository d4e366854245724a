import { createHash, randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { DomainError } from '../../../common/errors';
import type { Queryable } from '../../db/client';
import { deleteImageRows, findImageByKey, findImageIdByKey, findVariantByKey, insertImage, saveVariant } from './repository';

/** Specification §5 and §9: each side 70 to 10000 px, the file at most 5 MB, square after the crop. */
export const MAX_IMAGE_BYTES = 5_242_880;
export const MIN_IMAGE_SIDE = 70;
export const MAX_IMAGE_SIDE = 10_000;
/** The client crops by hand, so a side may be one pixel off. */
const SQUARE_TOLERANCE = 1;
/** Nothing shows a picture larger than 512 px, so keeping more only costs storage. */
export const STORED_MAX_SIDE = 1024;
/** A receipt must stay legible full size: its longer side is kept up to this. */
export const STORED_DOCUMENT_MAX_SIDE = 2048;
/** The sizes the client puts in place of `{size}`; anything else is a 404, so nobody can fill the cache with odd sizes. */
export const IMAGE_SIZES = ['45x45', '90x90', '140x140', '280x280', '512x512'] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];

/** The formats the client's file picker offers (png, jpg, jpeg) plus webp, which canvases export. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
const SHARP_INPUT = { limitInputPixels: MAX_IMAGE_SIDE * MAX_IMAGE_SIDE, failOn: 'error' } as const;
/**
 * Reading the header decodes no pixels, so it needs no pixel limit; with one, a picture just past
 * 10000x10000 failed here and was called 'not a picture' instead of getting the size message.
 */
const SHARP_HEADER = { limitInputPixels: false, failOn: 'error' } as const;
const WEBP = { quality: 85 } as const;

/** An image's public name: 128 random bits as 32 hex digits, the form the migration gave older pictures. */
const IMAGE_KEY = /^[0-9a-f]{32}$/;
const newImageKey = () => randomBytes(16).toString('hex');

export function isImageKey(text: string): boolean {
  return IMAGE_KEY.test(text);
}

/** The URL an image is served at, `{size}` left for the client (DESIGN §1). */
export function imageUrl(key: string): string {
  return `/app/img/${key}/{size}.webp`;
}

/** `imageUrl` for an optional picture. */
export function pictureUrl(key: string | null): string | null {
  return key === null ? null : imageUrl(key);
}

/** The image key in a URL made by `imageUrl` (with `{size}` or a real size), or null for anything else. */
export function imageKeyFromUrl(url: string): string | null {
  const match = /^\/app\/img\/([^/]{1,64})\/[^/]+\.webp$/.exec(url);
  return match && isImageKey(match[1]!) ? match[1]! : null;
}

/** The id of the image a URL names, or null when it names none (a malformed URL, a deleted or never-existing picture). */
export async function imageIdFromUrl(db: Queryable, url: string): Promise<number | null> {
  const key = imageKeyFromUrl(url);
  return key === null ? null : findImageIdByKey(db, key);
}

/** True for any URL in the form of a stored picture's, whether or not the picture exists. */
const looksLikeImageUrl = (url: string) => url.startsWith('/app/img/');

const etagOf = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * Base64 as the client sends it: without a prefix, or as a whole data URL; line breaks and the
 * URL-safe alphabet are tolerated. The size is checked on the text, before decoding anything.
 */
export function decodeBase64Picture(text: string): Buffer {
  const payload = text.replace(/^data:[^,]{0,200},/, '').replace(/\s+/g, '');
  if (!payload || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(payload)) throw new DomainError('picture_invalid', 'avatar_url');
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  if (Math.floor((payload.length * 3) / 4) - padding > MAX_IMAGE_BYTES) throw new DomainError('picture_too_big', 'avatar_url');
  return Buffer.from(payload, payload.includes('-') || payload.includes('_') ? 'base64url' : 'base64');
}

/**
 * Checks a picture and re-encodes it as WebP of at most 1024 px, square. Re-encoding keeps only
 * the pixels: EXIF (with GPS positions), ICC comments and anything smuggled after the image data
 * are gone, so what the server hands back is always just a picture (DESIGN §7).
 */
export async function normalizePicture(input: Buffer, field = 'avatar_url'): Promise<{ data: Buffer; side: number }> {
  const { data, width } = await normalizeImage(input, field, 'square');
  return { data, side: width };
}

/**
 * The checks and re-encoding of normalizePicture for either shape: a square picture (avatars,
 * events) or a document of any proportions (a receipt), whose longer side is kept up to 2048 px.
 */
async function normalizeImage(input: Buffer, field: string, shape: 'square' | 'document'): Promise<{ data: Buffer; width: number; height: number }> {
  if (input.length > MAX_IMAGE_BYTES) throw new DomainError('picture_too_big', field);
  let width: number;
  let height: number;
  try {
    const meta = await sharp(input, SHARP_HEADER).metadata();
    if (!ACCEPTED_FORMATS.has(meta.format)) throw new DomainError('picture_invalid', field);
    ({ width, height } = meta.autoOrient ?? meta);
  } catch (err) {
    if (err instanceof DomainError) throw err;
    throw new DomainError('picture_invalid', field);
  }
  if (![width, height].every((side) => side >= MIN_IMAGE_SIDE && side <= MAX_IMAGE_SIDE)) {
    throw new DomainError('picture_size', field);
  }
  try {
    if (shape === 'document') {
      const { data, info } = await sharp(input, SHARP_INPUT)
        .autoOrient()
        .resize(STORED_DOCUMENT_MAX_SIDE, STORED_DOCUMENT_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
        .webp(WEBP)
        .toBuffer({ resolveWithObject: true });
      return { data, width: info.width, height: info.height };
    }
    if (Math.abs(width - height) > SQUARE_TOLERANCE) throw new DomainError('picture_not_square', field);
    const side = Math.min(width, height, STORED_MAX_SIDE);
    const data = await sharp(input, SHARP_INPUT).autoOrient().resize(side, side, { fit: 'cover' }).webp(WEBP).toBuffer();
    return { data, width: side, height: side };
  } catch (err) {
    if (err instanceof DomainError) throw err;
    // The header was readable but the pixels are not (a truncated or corrupt file).
    throw new DomainError('picture_invalid', field);
  }
}

/**
 * Stores a picture sent as base64 (avatars here, event images in the events module) and returns
 * its id and URL. Throws DomainError picture_invalid, picture_too_big, picture_size or
 * picture_not_square, naming `field` (default 'avatar_url') as the input at fault.
 */
export async function storeImage(
  db: Queryable,
  base64: string,
  ownerId: number | null,
  field = 'avatar_url',
  shape: 'square' | 'document' = 'square',
): Promise<{ id: number; key: string; url: string; width: number; height: number }> {
  let input: Buffer;
  try {
    input = decodeBase64Picture(base64);
  } catch (err) {
    if (err instanceof DomainError) throw new DomainError(err.code, field);
    throw err;
  }
  const { data, width, height } = await normalizeImage(input, field, shape);
  const key = newImageKey();
  const id = await insertImage(db, { key, ownerId, data, width, height, etag: etagOf(data) });
  return { id, key, url: imageUrl(key), width, height };
}

/** Specification §5: the cropped picture's data URL is at most 1,000,000 characters ('Picture size is too big'). */
export const MAX_PICTURE_TEXT_LENGTH = 1_000_000;

/**
 * A picture field of an update (a user's avatar, an event's image): undefined or the current
 * picture's URL keep it, null or '' remove it, base64 stores a new picture. Any other image URL
 * is refused: it could be someone else's picture, and pictures are never shared. Returns the new
 * image id, null for no picture, or undefined for no change; the caller deletes a replaced image.
 */
export async function pictureChange(
  db: Queryable,
  value: string | null | undefined,
  current: number | null,
  ownerId: number,
  field: string,
): Promise<number | null | undefined> {
  if (value === undefined) return undefined;
  if (value === null || value === '') return current === null ? undefined : null;
  if (looksLikeImageUrl(value)) {
    if (current !== null && (await imageIdFromUrl(db, value)) === current) return undefined;
    throw new DomainError('picture_invalid', field);
  }
  if (value.length > MAX_PICTURE_TEXT_LENGTH) throw new DomainError('picture_too_big', field);
  return (await storeImage(db, value, ownerId, field)).id;
}

/** Removes an image and its cached sizes; its URL answers 404 from then on. */
export async function deleteImage(db: Queryable, id: number): Promise<void> {
  await deleteImageRows(db, id);
}

export function isImageSize(size: string): size is ImageSize {
  return (IMAGE_SIZES as readonly string[]).includes(size);
}

/** The image as stored (a receipt opened full size), or null when it does not exist. */
export async function imageOriginal(db: Queryable, key: string): Promise<{ data: Buffer; etag: string } | null> {
  if (!isImageKey(key)) return null;
  const image = await findImageByKey(db, key);
  return image ? { data: image.data, etag: image.etag } : null;
}

/** One size of an image, rendered on first request and kept in the database, or null when the image does not exist. */
export async function imageVariant(db: Queryable, key: string, size: ImageSize): Promise<{ data: Buffer; etag: string } | null> {
  if (!isImageKey(key)) return null;
  const cached = await findVariantByKey(db, key, size);
  if (cached) return cached;
  const image = await findImageByKey(db, key);
  if (!image) return null;
  const side = Number(size.split('x')[0]);
  // A small original is served at its own size; the browser scales it, and upscaled bytes add nothing.
  const data = await sharp(image.data).resize(side, side, { fit: 'cover', withoutEnlargement: true }).webp(WEBP).toBuffer();
  const variant = { imageId: image.id, size, data, etag: etagOf(data) };
  await saveVariant(db, variant);
  return variant;
}
