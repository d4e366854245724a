/**
 * The OpenAPI document is generated from the same zod contract the routes validate with; this
 * holds it to the routes the server really has (none missing, none invented) and to the contract's
 * schemas, and docs/api.md to it.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { event as eventSchema, createEventBody } from '../../common/contract/events';
import { API_REFERENCE_PATH, OPENAPI_PATH } from '../../server/plugins/openapi';
import { createTestApp, type TestApp } from './harness';
import { registeredRoutes } from './security/support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Doc {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      { requestBody?: { content: Record<string, { schema: unknown }> }; responses: Record<string, { content?: Record<string, { schema: unknown }> }> }
    >
  >;
}

/** The server's routes under /app/api as `GET /app/api/v1/event/:id`, from Fastify's own route tree. */
function apiRoutes(app: TestApp['app']): string[] {
  return registeredRoutes(app).filter((r) => r.split(' ')[1]!.startsWith('/app/api/') && !r.split(' ')[1]!.startsWith(API_REFERENCE_PATH));
}

/** The document's operations in the same form: `{id}` as `:id`, no trailing slash. */
function documented(doc: Doc): string[] {
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/app/api/'))
    .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1').replace(/(.)\/+$/, '$1')}`))
    .sort();
}

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1, public, and lists exactly the routes the server has', async () => {
    const res = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(res.statusCode).toBe(200);
    const doc = res.json<Doc>();
    expect(doc.openapi).toBe('3.1.0');
    const routes = apiRoutes(t.app);
    expect(routes.length).toBeGreaterThan(25);
    expect(documented(doc)).toEqual(routes);
  });

  it('states the contract’s own schemas for bodies and answers', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: OPENAPI_PATH })).json<Doc>();
    const json = (schema: z.ZodType, io: 'input' | 'output') =>
      JSON.parse(JSON.stringify(z.toJSONSchema(schema, { io, unrepresentable: 'any' }))) as Record<string, unknown>;
    const strip = ({ $schema: _drop, ...rest }: Record<string, unknown>) => rest;
    const get = doc.paths['/app/api/v1/event/{id}/']!.get!;
    expect(strip(get.responses['200']!.content!['application/json']!.schema as Record<string, unknown>)).toEqual(strip(json(eventSchema, 'output')));
    const post = doc.paths['/app/api/v1/event/']!.post!;
    expect(strip(post.requestBody!.content['application/json']!.schema as Record<string, unknown>)).toEqual(strip(json(createEventBody, 'input')));
    // Every operation says what it answers on success.
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const success = Object.keys(op.responses).filter((s) => s.startsWith('2'));
        expect(success, `${method} ${path}`).not.toEqual([]);
      }
    }
  });

  it('has a readable reference page whose scripts are files of this server, so the CSP lets it run', async () => {
    const page = await t.app.inject({ method: 'GET', url: `${API_REFERENCE_PATH}/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(body!.trim(), 'an inline script').toBe('');
      const src = /src="([^"]+)"/.exec(attributes!)![1]!;
      const script = await t.app.inject({ method: 'GET', url: new URL(src, `http://x${API_REFERENCE_PATH}/`).pathname });
      expect(script.statusCode, src).toBe(200);
    }
    // The page reads the document beside it on this server, and it is the same document.
    const initializer = await t.app.inject({ method: 'GET', url: `${API_REFERENCE_PATH}/static/swagger-initializer.js` });
    expect(initializer.body).toContain("url: resolveUrl('./json')");
    const beside = await t.app.inject({ method: 'GET', url: `${API_REFERENCE_PATH}/json` });
    expect(beside.json()).toEqual((await t.app.inject({ method: 'GET', url: OPENAPI_PATH })).json());
  });

  it('serves nothing but its own files under the reference page', async () => {
    for (const url of [
      'static/../../../../package.json',
      'static/..%2f..%2f..%2f..%2fpackage.json',
      '%2e%2e/%2e%2e/%2e%2e/package.json',
      'static/%2e%2e%2f%2e%2e%2fpackage.json',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `${API_REFERENCE_PATH}/${url}` });
      expect(res.body, url).not.toContain('"devDependencies"');
    }
  });

  it('is what docs/api.md points to, and every call the guide describes is in it', async () => {
    const guide = fs.readFileSync('docs/api.md', 'utf8');
    expect(guide).toContain(OPENAPI_PATH);
    const doc = (await t.app.inject({ method: 'GET', url: OPENAPI_PATH })).json<Doc>();
    const inDoc = new Set(documented(doc));
    const headings = [...guide.matchAll(/^### (.+)$/gm)].flatMap((m) => [...m[1]!.matchAll(/`(GET|POST|PUT|DELETE) (\/v[12]\/[^`?\s]*)/g)]);
    expect(headings.length).toBeGreaterThan(20);
    for (const [, method, path] of headings) {
      expect(inDoc.has(`${method} /app/api${path!.replace(/\{(\w+)\}/g, ':$1').replace(/(.)\/+$/, '$1')}`), `${method} ${path}`).toBe(true);
    }
  });
});
