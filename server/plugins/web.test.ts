import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../tests/api/harness';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'dolya-web-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.mkdirSync(path.join(dist, '.well-known'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Dolya</title><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
  // The build's precompressed copies (vite-plugin-compression2).
  for (const file of ['index.html', path.join('assets', 'app-1234.js')]) {
    const body = fs.readFileSync(path.join(dist, file));
    fs.writeFileSync(path.join(dist, `${file}.br`), zlib.brotliCompressSync(body));
    fs.writeFileSync(path.join(dist, `${file}.gz`), zlib.gzipSync(body));
  }
  fs.writeFileSync(path.join(dist, '.well-known', 'apple-app-site-association'), '{"applinks":{}}');
  fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"Dolya"}');
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('answers any unknown page path with index.html so the app can route it', async () => {
    for (const url of ['/', '/events/12/debts', '/no/such/page']) {
      const { status, res } = await call(t.app, 'GET', url);
      expect(status).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const { status, body } = await call(t.app, 'GET', '/app/api/v2/unknown/');
    expect(status).toBe(404);
    expect(body.code).toBe('not_found');
  });

  it('serves hashed assets as immutable and the app-site association as JSON', async () => {
    const asset = await call(t.app, 'GET', '/assets/app-1234.js');
    expect(asset.status).toBe(200);
    expect(asset.res.headers['cache-control']).toContain('immutable');
    const aasa = await call(t.app, 'GET', '/.well-known/apple-app-site-association');
    expect(aasa.status).toBe(200);
    expect(aasa.res.headers['content-type']).toMatch(/application\/json/);
    expect(aasa.body).toEqual({ applinks: {} });
  });

  it('serves the service worker as revalidated JavaScript and the manifest with its own type', async () => {
    // A cached sw.js would keep an old worker in charge; browsers refuse one that is not JavaScript.
    const sw = await call(t.app, 'GET', '/sw.js');
    expect(sw.status).toBe(200);
    expect(sw.res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(sw.res.headers['cache-control']).toBe('no-cache');
    const manifest = await call(t.app, 'GET', '/manifest.webmanifest');
    expect(manifest.status).toBe(200);
    expect(manifest.res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.res.headers['cache-control']).toBe('no-cache');
  });

  it('sends the precompressed copy the browser accepts, brotli first, and the plain file to one that accepts neither', async () => {
    for (const url of ['/assets/app-1234.js', '/events/12/debts']) {
      const plain = await call(t.app, 'GET', url);
      expect(plain.res.headers['content-encoding']).toBeUndefined();
      const br = await call(t.app, 'GET', url, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.res.headers['content-encoding']).toBe('br');
      expect(br.res.headers.vary).toMatch(/accept-encoding/i);
      expect(zlib.brotliDecompressSync(br.res.rawPayload).toString()).toBe(plain.res.body);
      const gz = await call(t.app, 'GET', url, { headers: { 'accept-encoding': 'gzip' } });
      expect(gz.res.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gz.res.rawPayload).toString()).toBe(plain.res.body);
    }
  });
});
