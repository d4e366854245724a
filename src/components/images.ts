/**
 * Picture rules of specification §5 and §9, and the canvas work behind the cropper and the
 * predefined avatars. The server only accepts pixels (png, jpeg, webp as base64), so everything
 * the user picks is turned into a data URL here.
 */
export const MIN_IMAGE_SIDE = 70;
export const MAX_IMAGE_SIDE = 10_000;
export const MAX_IMAGE_BYTES = 5_242_880;
export const MAX_CROPPED_DATA_URL_LENGTH = 1_000_000;
/** The server stores at most 1024 px a side, so sending more only makes the upload slower. */
export const MAX_OUTPUT_SIDE = 1024;
export const ACCEPTED_IMAGE_TYPES = 'image/png,image/jpeg,.png,.jpg,.jpeg';

export interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ImageFacts {
  name: string;
  type: string;
  size: number;
  width: number;
  height: number;
}

function isAcceptedType(name: string, type: string): boolean {
  return type === 'image/png' || type === 'image/jpeg' || (!type && /\.(png|jpe?g)$/i.test(name));
}

/** The checks that need no decoding: png/jpg/jpeg and at most 5 MB, so a huge file is refused before it is read. */
export function imageFileTypeProblem(file: Pick<ImageFacts, 'name' | 'type' | 'size'>): 'picture_size' | null {
  if (!isAcceptedType(file.name, file.type)) return 'picture_size';
  if (file.size > MAX_IMAGE_BYTES) return 'picture_size';
  return null;
}

/** Before cropping: png/jpg/jpeg, each side 70 to 10000 px, at most 5 MB; all failures read the same. */
export function imageFileProblem(facts: ImageFacts): 'picture_size' | null {
  const sideOk = (side: number) => side >= MIN_IMAGE_SIDE && side <= MAX_IMAGE_SIDE;
  if (imageFileTypeProblem(facts)) return 'picture_size';
  if (!sideOk(facts.width) || !sideOk(facts.height)) return 'picture_size';
  return null;
}

/** After cropping: a data URL over 1,000,000 characters is refused (the crop-url-size error). */
export function croppedImageProblem(dataUrl: string): 'picture_too_big' | null {
  return dataUrl.length > MAX_CROPPED_DATA_URL_LENGTH ? 'picture_too_big' : null;
}

/** The API wants the base64 without the `data:image/png;base64,` prefix. */
export function base64Payload(dataUrl: string): string {
  const comma = dataUrl.indexOf(',');
  return dataUrl.startsWith('data:') && comma >= 0 ? dataUrl.slice(comma + 1) : dataUrl;
}

export function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('image failed to load'));
    image.src = src;
  });
}

/**
 * Reads a chosen file far enough to check it: an object URL for the cropper and the picture's
 * size. Null when the file is not a picture the browser can decode. The caller revokes the URL.
 */
export async function readImageFile(file: File): Promise<{ url: string; facts: ImageFacts } | null> {
  const url = URL.createObjectURL(file);
  try {
    const image = await loadImage(url);
    return { url, facts: { name: file.name, type: file.type, size: file.size, width: image.naturalWidth, height: image.naturalHeight } };
  } catch {
    URL.revokeObjectURL(url);
    return null;
  }
}

function canvasOf(side: number): { canvas: HTMLCanvasElement; context: CanvasRenderingContext2D } {
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  context.imageSmoothingQuality = 'high';
  return { canvas, context };
}

/**
 * The square the user chose, at most 1024 px. PNG keeps transparency and drawn pictures sharp;
 * a photo that comes out too long as PNG is sent as JPEG on white instead, and only a picture
 * still too long after that gets 'Picture size is too big'.
 */
export async function cropToDataUrl(src: string, area: Area): Promise<string> {
  const image = await loadImage(src);
  const side = Math.max(1, Math.min(Math.round(area.width), MAX_OUTPUT_SIDE));
  const { canvas, context } = canvasOf(side);
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, side, side);
  const png = canvas.toDataURL('image/png');
  if (!croppedImageProblem(png)) return png;
  const flat = canvasOf(side);
  flat.context.fillStyle = '#ffffff';
  flat.context.fillRect(0, 0, side, side);
  flat.context.drawImage(canvas, 0, 0);
  return flat.canvas.toDataURL('image/jpeg', 0.9);
}

/** A predefined avatar (an SVG) as the PNG the server accepts. */
export async function svgToPngDataUrl(src: string, side = 256): Promise<string> {
  const image = await loadImage(src);
  const { canvas, context } = canvasOf(side);
  context.drawImage(image, 0, 0, side, side);
  return canvas.toDataURL('image/png');
}

/** A receipt is kept up to this on the server; sending more only costs the user's data plan. */
export const RECEIPT_MAX_SIDE = 2048;

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('file could not be read'));
    reader.readAsDataURL(file);
  });
}

/**
 * A receipt photo as a data URL to upload: scaled down in the browser to what the server keeps
 * (a phone's 12-megapixel photo of 4 MB becomes a few hundred KB), as JPEG. A picture the browser
 * cannot draw goes as it is, and the server says what is wrong with it.
 */
export async function receiptDataUrl(file: File): Promise<string> {
  const url = URL.createObjectURL(file);
  try {
    const image = await loadImage(url);
    const scale = Math.min(1, RECEIPT_MAX_SIDE / Math.max(image.naturalWidth, image.naturalHeight));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(image.naturalWidth * scale));
    canvas.height = Math.max(1, Math.round(image.naturalHeight * scale));
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return canvas.toDataURL('image/jpeg', 0.85);
  } catch {
    return readAsDataUrl(file);
  } finally {
    URL.revokeObjectURL(url);
  }
}
