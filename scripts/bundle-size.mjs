#!/usr/bin/env node
/**
 * Bundle budgets, read from Vite's manifest after `npm run build`:
 * - the JavaScript for the first screen (sign-in: the entry, the sign-in route, everything they
 *   import statically, and the text it waits for: src/locales/first-screen.json in the heavier
 *   language) at most 160 KB gzip;
 * - each lazily loaded chunk's own file at most 50 KB gzip;
 * - index.html names every script of the API client and every script and style of the sign-in
 *   route, which the entry imports lazily as it starts, so none is discovered only once the entry
 *   runs; the sign-in route's own files only in the template that the first-paint script moves
 *   into the head for the visitor it paints the card for, so nobody else waits for them
 *   (decision 0058).
 * Prints the figures; exits 1 when a budget is exceeded or a file is not named. `--json` writes them to bench/results/.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const DIST = path.resolve(process.env.WEB_DIST ?? 'dist/web');
const FIRST_SCREEN_BUDGET = 160 * 1024;
const CHUNK_BUDGET = 50 * 1024;
// The modules whose files index.html must name, and the template it names the sign-in route's in (decision 0058).
const START_UP = JSON.parse(fs.readFileSync(path.resolve('common/start-up-files.json'), 'utf8'));
const FIRST_ROUTE = START_UP.signIn;
const FIRST_SCREEN_NAMESPACES = JSON.parse(fs.readFileSync(path.resolve('src/locales/first-screen.json'), 'utf8'));

const manifestFile = path.join(DIST, '.vite', 'manifest.json');
if (!fs.existsSync(manifestFile)) {
  console.error(`No ${manifestFile}: run npm run build first.`);
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
const gzip = (file) => zlib.gzipSync(fs.readFileSync(path.join(DIST, file)), { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

function closure(keys, { styles = false } = {}) {
  const seen = new Set();
  const files = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no ${key}`);
    files.add(chunk.file);
    if (styles) for (const css of chunk.css ?? []) files.add(css);
    for (const imp of chunk.imports ?? []) visit(imp);
  };
  keys.forEach(visit);
  return [...files].filter((f) => f.endsWith('.js') || (styles && f.endsWith('.css')));
}

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!manifest[FIRST_ROUTE]) throw new Error(`manifest has no ${FIRST_ROUTE}: is the sign-in route still lazily loaded?`);

const textFiles = ['en', 'ru']
  .map((lang) => closure(FIRST_SCREEN_NAMESPACES.map((ns) => `src/locales/${lang}/${ns}.json`)))
  .map((files) => ({ files, size: files.reduce((sum, f) => sum + gzip(f), 0) }))
  .sort((a, b) => b.size - a.size)[0];
const firstFiles = [...new Set([...closure([entry, FIRST_ROUTE]), ...textFiles.files])];
const firstScreen = firstFiles.reduce((sum, f) => sum + gzip(f), 0);

const chunks = Object.entries(manifest)
  .filter(([, c]) => c.isDynamicEntry && c.file.endsWith('.js'))
  .map(([key, c]) => ({ key, file: c.file, gzip: gzip(c.file) }))
  .sort((a, b) => b.gzip - a.gzip);

const failures = [];
const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
const template = new RegExp(`<template id="${START_UP.templateId}">([\\s\\S]*?)</template>`).exec(html)?.[1] ?? '';
const page = html.replace(template, '');
const named = (text, file) => text.includes(`"/${file}"`);
const apiClient = closure([START_UP.forEveryone]);
const entryFiles = new Set([...closure([entry], { styles: true }), ...apiClient]);
const signInOnly = closure([FIRST_ROUTE], { styles: true }).filter((file) => !entryFiles.has(file));
const unnamed = [...apiClient.filter((file) => !named(page, file)), ...signInOnly.filter((file) => !named(template, file))];
const forEveryone = signInOnly.filter((file) => named(page, file));
if (unnamed.length) failures.push(`index.html does not name ${unnamed.join(', ')}`);
if (forEveryone.length) failures.push(`index.html names the sign-in screen's ${forEveryone.join(', ')} for every visitor`);
if (!unnamed.length && !forEveryone.length)
  console.log("index.html names the API client's scripts, and the sign-in route's own scripts and styles in the sign-in visitor's template.");
console.log(
  `First screen (sign-in) JavaScript: ${kb(firstScreen)} gzip in ${firstFiles.length} files, ${kb(textFiles.size)} of it text (budget ${kb(FIRST_SCREEN_BUDGET)})`,
);
if (firstScreen > FIRST_SCREEN_BUDGET) failures.push(`first screen ${kb(firstScreen)} > ${kb(FIRST_SCREEN_BUDGET)}`);
console.log('Lazily loaded chunks (own file, gzip):');
for (const c of chunks) {
  const over = c.gzip > CHUNK_BUDGET;
  console.log(`  ${over ? '!!' : '  '} ${kb(c.gzip).padStart(9)}  ${c.key}`);
  if (over) failures.push(`${c.key} ${kb(c.gzip)} > ${kb(CHUNK_BUDGET)}`);
}
if (process.argv.includes('--json')) {
  fs.mkdirSync('bench/results', { recursive: true });
  fs.writeFileSync('bench/results/bundle-size.json', JSON.stringify({ firstScreen, chunks }, null, 2));
}
if (failures.length) {
  console.error(`Bundle budget exceeded:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('Bundle budgets hold.');
