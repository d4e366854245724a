/**
 * The sign-in screen painted from index.html before any script of the app has run. On a phone the
 * app's JavaScript takes seconds to arrive and start; an anonymous visitor sees the card's title
 * and lead at once instead of a blank page, and the app replaces them with the same card, the form
 * included, when it starts. The build writes both into index.html (vite.config.ts); the server
 * allows this one inline script by its hash (server/app.ts), so the CSP still runs no other.
 */

import startUpFiles from './start-up-files.json';

/**
 * The inert <template> holding the links to the sign-in screen's own files (FIRST_PAINT_SCRIPT).
 * start-up-files.json also names the modules whose files the build links (vite.config.ts) and
 * the bundle check expects linked (scripts/bundle-size.mjs), so all three read one list.
 */
export const FIRST_SCREEN_FILES_ID = startUpFiles.templateId;

/**
 * Runs in the page's head before the body is drawn. It sets the page's language from the stored
 * choice and marks the page for the first paint when nobody is signed in on a path that shows the
 * sign-in screen, and the visitor has not declined cookies (that page replaces every screen).
 * For that visitor it also puts the links to the sign-in screen's modules and styles into the
 * head, from the template the build wrote before it: their download begins with the page's, and
 * nobody else waits for them (decision 0058).
 * Storage can throw (a private window, a blocked origin): then nothing is painted early.
 */
export const FIRST_PAINT_SCRIPT =
  "try{var s=localStorage,d=document.documentElement,p=location.pathname;if(s.getItem('locale')==='ru')d.lang='ru';" +
  "if((p==='/'||p==='/signin')&&!s.getItem('token')&&!sessionStorage.getItem('token')&&s.getItem('cookie_consent')!=='false'){" +
  `d.setAttribute('data-first-paint','signin');var f=document.getElementById('${FIRST_SCREEN_FILES_ID}');if(f)document.head.appendChild(f.content)}}catch(e){}`;

export interface FirstPaintTexts {
  appName: string;
  title: string;
  lead: string;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The sign-in card's frame in every language, each text marked with its language; the stylesheet
 * (src/styles/first-paint.css) shows the page's own and nothing until the script above asks.
 */
export function firstPaintMarkup(texts: Record<string, FirstPaintTexts>): string {
  const each = (pick: (t: FirstPaintTexts) => string, tag: string, attributes: string) =>
    Object.entries(texts)
      .map(([lang, t]) => `<${tag} ${attributes} lang="${lang}">${escapeHtml(pick(t))}</${tag}>`)
      .join('');
  return (
    '<div class="first-paint">' +
    `<header class="app-header">${each((t) => t.appName, 'a', 'href="/" class="app-logo"')}</header>` +
    '<main class="app-main"><div class="card-page"><section class="card-page-card">' +
    each((t) => t.title, 'h1', 'class="card-page-title"') +
    each((t) => t.lead, 'p', 'class="card-page-lead"') +
    '</section></div></main></div>'
  );
}

/**
 * index.html with the script in its head, after the template of `firstScreenFiles` (link tags) it
 * may use, and the first paint inside the app's root.
 */
export function withFirstPaint(html: string, texts: Record<string, FirstPaintTexts>, firstScreenFiles = ''): string {
  const root = '<div id="root"></div>';
  if (!html.includes(root) || !html.includes('</title>')) throw new Error('index.html has no <title> or no empty #root for the first paint');
  const files = firstScreenFiles ? `\n    <template id="${FIRST_SCREEN_FILES_ID}">${firstScreenFiles}</template>` : '';
  // Replacer functions: a `$` in the texts or the file names is then no pattern.
  return html
    .replace('</title>', () => `</title>${files}\n    <script>${FIRST_PAINT_SCRIPT}</script>`)
    .replace(root, () => `<div id="root">${firstPaintMarkup(texts)}</div>`);
}
