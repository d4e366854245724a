import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import type { Plugin, Rollup } from 'vite';
import os from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { SAME_ON_EITHER_DATABASE } from './tests/api/same-on-either-database.ts';
import { WEB_TESTS_ISOLATED } from './tests/web/isolated.ts';
import { withFirstPaint, type FirstPaintTexts } from './common/first-paint.ts';
import startUpModules from './common/start-up-files.json';

const alias = {
  '@common': fileURLToPath(new URL('./common', import.meta.url)),
  '@': fileURLToPath(new URL('./src', import.meta.url)),
};

/** A project of the web suite: its two (decision 0069) differ only in which files share their modules. */
function webProject(test: { name: string; include: string[]; exclude?: string[]; isolate?: boolean }) {
  return { plugins: [react()], resolve: { alias }, test: { environment: 'jsdom' as const, setupFiles: ['tests/web/setup.ts'], testTimeout: 15_000, ...test } };
}

/**
 * precache.json: every script and style of the build, for the service worker to keep at install
 * (public/sw.js), so that a screen or dialog first opened with no connection still loads.
 */
const precacheList: Plugin = {
  name: 'dolya-precache-list',
  apply: 'build',
  generateBundle(_options, bundle) {
    const files = Object.keys(bundle)
      .filter((name) => /^assets\/.+\.(js|css)$/.test(name))
      .map((name) => `/${name}`)
      .sort();
    this.emitFile({ type: 'asset', fileName: 'precache.json', source: JSON.stringify(files) });
  },
};

/**
 * index.html paints the sign-in card before the app's scripts run (common/first-paint.ts), in its
 * words from the locale files. The app's scripts are fetched at low priority: the first paint
 * needs only the HTML and the stylesheets, and on a slow phone network the browser otherwise
 * shares the first round trips among the entry and its thirteen preloaded modules and lets the
 * stylesheets wait behind them.
 *
 * The page also names what the entry imports lazily as soon as it starts (decision 0058): the API
 * client's modules, for everyone, and the sign-in screen's modules and styles, in a template that
 * the first-paint script puts into the head only for the visitor it paints the card for. Their
 * download then begins with the HTML's, not once the entry has run, and Vite's preload helper,
 * finding the links in place, adds none of its own in the middle of the app's start-up, where each
 * added link cost the phone's only thread up to milliseconds. Named for everyone, the sign-in
 * screen's styles held up a signed-in screen's first paint by a round trip on a slow network.
 */
const firstPaint: Plugin = {
  name: 'dolya-first-paint',
  transformIndexHtml: {
    // After Vite has written the build's script and preload tags into the page.
    order: 'post',
    handler(html, context) {
      const read = (lang: string, ns: string) => JSON.parse(fs.readFileSync(new URL(`./src/locales/${lang}/${ns}.json`, import.meta.url), 'utf8'));
      const texts: Record<string, FirstPaintTexts> = {};
      for (const lang of ['en', 'ru']) {
        const auth = read(lang, 'auth') as { signIn: { title: string; lead: string } };
        texts[lang] = { appName: (read(lang, 'common') as { appName: string }).appName, title: auth.signIn.title, lead: auth.signIn.lead };
      }
      const lowPriority = html
        .replace(/<script type="module" /g, '<script type="module" fetchpriority="low" ')
        .replace(/<link rel="modulepreload" /g, '<link rel="modulepreload" fetchpriority="low" ');
      if (!context.bundle) return withFirstPaint(lowPriority, texts);
      const everyone = startUpFiles(context.bundle, startUpModules.forEveryone);
      const signIn = startUpFiles(context.bundle, startUpModules.signIn);
      // The entry's own imports are in the page already, and the API client's are for everyone.
      const inPage = (file: string) => html.includes(`/${file}"`);
      const signInOwn = (file: string) => !inPage(file) && !everyone.scripts.has(file);
      const module = (file: string) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`;
      const style = (file: string) => `<link rel="stylesheet" crossorigin href="/${file}">`;
      const forEveryone = [...everyone.scripts]
        .filter((file) => !inPage(file))
        .map((file) => `  ${module(file)}\n  `)
        .join('');
      const forSignIn = [...[...signIn.scripts].filter(signInOwn).map(module), ...[...signIn.styles].filter(signInOwn).map(style)].join('');
      return withFirstPaint(
        lowPriority.replace('</head>', () => `${forEveryone}</head>`),
        texts,
        forSignIn,
      );
    },
  },
};

/** The files of the chunk built from `module`, a lazily imported one, and of everything it imports. */
function startUpFiles(bundle: Rollup.OutputBundle, module: string): { scripts: Set<string>; styles: Set<string> } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (chunk?.type !== 'chunk' || scripts.has(fileName)) return;
    scripts.add(fileName);
    chunk.viteMetadata?.importedCss.forEach((css) => styles.add(css));
    chunk.imports.forEach(visit);
  };
  const chunk = Object.values(bundle).find((c) => c.type === 'chunk' && c.facadeModuleId?.endsWith(`/${module}`));
  if (!chunk) throw new Error(`the build has no chunk for ${module}: is it still imported lazily?`);
  visit(chunk.fileName);
  return { scripts, styles };
}

export default defineConfig({
  // Brotli and gzip copies of every text asset, made once at build time at the highest levels;
  // the server sends the one the browser accepts (server/plugins/web.ts).
  plugins: [react(), firstPaint, precacheList, compression({ algorithms: ['brotliCompress', 'gzip'], exclude: [/\.map$/], threshold: 1024 })],
  resolve: { alias },
  build: { outDir: 'dist/web', emptyOutDir: true, sourcemap: true, manifest: true },
  server: {
    port: 5173,
    proxy: { '/app/api': 'http://localhost:8080', '/app/img': 'http://localhost:8080' },
  },
  test: {
    // Every core: the suite is CPU-bound, and vitest's default leaves one core idle.
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'node',
          // Pure functions: nothing for one file to leave behind for the next (decision 0069).
          isolate: false,
          include: ['common/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/unit/**/*.test.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          environment: 'node',
          // Each file opens its own database and app, and the server keeps no state outside them:
          // the files share a worker's loaded modules instead of importing the server again each
          // (decision 0069).
          isolate: false,
          include: ['server/**/*.test.ts', 'tests/api/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...(process.env.DATABASE_URL ? SAME_ON_EITHER_DATABASE : [])],
          setupFiles: ['tests/api/setup.ts'],
          globalSetup: ['tests/api/global-setup.ts'],
          testTimeout: 30_000,
          // A file's setup opens its own embedded database: some 2.5 s alone here, 15 s with six
          // opening at once on two cores; a shared CI host has been seen to need past 60 s.
          hookTimeout: 180_000,
        },
      },
      webProject({
        name: 'web',
        include: ['src/**/*.test.{ts,tsx}', 'tests/web/**/*.test.{ts,tsx}'],
        exclude: [...configDefaults.exclude, ...WEB_TESTS_ISOLATED],
        // Each file renders its own app over its own store; the files share a worker's loaded
        // modules, all but those that need fresh ones.
        isolate: false,
      }),
      webProject({ name: 'web-isolated', include: WEB_TESTS_ISOLATED }),
    ],
  },
});
