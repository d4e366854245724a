/**
 * Makes the installable app's PNG icons from public/favicon.svg (run: node scripts/make-icons.mjs
 * after changing the favicon; the PNGs are committed). The maskable and Apple icons are the same
 * drawing with square corners: the launcher or iOS rounds them itself, and the letter sits well
 * inside the safe circle (the middle 80 %) that a mask may keep.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const svg = fs.readFileSync(path.join(root, 'public', 'favicon.svg'), 'utf8');
const fullBleed = svg.replace(/\srx="[\d.]+"/, '');
if (fullBleed === svg) throw new Error('favicon.svg has no rounded background rect to square off');

const outDir = path.join(root, 'public', 'icons');
fs.mkdirSync(outDir, { recursive: true });

const icons = [
  { file: 'icon-192.png', size: 192, source: svg },
  { file: 'icon-512.png', size: 512, source: svg },
  { file: 'maskable-192.png', size: 192, source: fullBleed },
  { file: 'maskable-512.png', size: 512, source: fullBleed },
  // iOS fills transparency with black, so its icon is opaque and square.
  { file: 'apple-touch-icon.png', size: 180, source: fullBleed, flatten: true },
];

for (const icon of icons) {
  let image = sharp(Buffer.from(icon.source), { density: Math.ceil((72 * icon.size) / 64) }).resize(icon.size, icon.size);
  if (icon.flatten) image = image.flatten({ background: '#1f6feb' });
  await image.png({ compressionLevel: 9 }).toFile(path.join(outDir, icon.file));
  console.log(`public/icons/${icon.file} ${icon.size}x${icon.size}`);
}
