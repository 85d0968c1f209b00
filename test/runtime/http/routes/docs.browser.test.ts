/**
 * GET /docs in a real browser: Debian's chromium driven by playwright-core (never
 * `playwright install`), against the app over the real dataset on a loopback port. Every request to
 * another host is aborted and recorded: the page must render every route without one. The
 * screenshot is kept in test/out/docs.png (gitignored) for a person to look at.
 */
import type { AddressInfo } from 'node:net';
import { mkdirSync } from 'node:fs';
import { serve, type ServerType } from '@hono/node-server';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI } from '../../../../runtime/http/openapi/index.ts';
import { recordedRequest } from '../../../../runtime/http/openapi/examples.ts';
import { realApp } from '../../../helpers/real-app.ts';

const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];
const SCREENSHOT = new URL('../../../out/docs.png', import.meta.url).pathname;

let t: Awaited<ReturnType<typeof realApp>>;
let server: ServerType;
let base: string;
let browser: Browser;
let page: Page;
const foreign: string[] = [];
const problems: string[] = [];

beforeAll(async () => {
  t = await realApp();
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS });
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === '127.0.0.1' || url.hostname === 'localhost') return route.continue();
    foreign.push(url.href);
    return route.abort('blockedbyclient');
  });
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  await page.goto(`${base}/docs`);
  await page.locator('.opblock').first().waitFor();
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

describe('GET /docs in headless Chromium', () => {
  it('renders every documented route, asks nothing of other hosts and logs no error', async () => {
    const paths = await page.locator('.opblock-summary-path').evaluateAll((els) => els.map((e) => e.getAttribute('data-path')));
    expect(paths.sort()).toEqual(Object.keys(OPENAPI.paths).sort());
    mkdirSync(new URL('.', `file://${SCREENSHOT}`).pathname, { recursive: true });
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
    expect(foreign).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('tries a route with the key given to Authorize, sent as a bearer token', async () => {
    await page.locator('button.authorize').first().click();
    await page.locator('.auth-container input[type=text], .auth-container input[type=password]').first().fill(t.key);
    await page.locator('.auth-container button.authorize').click();
    await page.locator('button.btn-done').click();
    const op = page.locator('#operations-default-getRecipe');
    await op.locator('.opblock-summary').click();
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().startsWith(`${base}/recipes/`)),
      op.locator('button.execute').click(),
    ]);
    // The parameters come filled with the documented example request.
    expect(`GET ${new URL(response.url()).pathname}`).toBe(recordedRequest('oneRecipe'));
    expect(response.request().headers()['authorization']).toBe(`Bearer ${t.key}`);
    expect(response.status()).toBe(200);
    const shown = op.locator('.live-responses-table tbody .response-col_status').first();
    await expect.poll(async () => (await shown.textContent())?.trim()).toBe('200');
    await op.scrollIntoViewIfNeeded();
    await page.screenshot({ path: SCREENSHOT.replace(/\.png$/, '-try-it.png'), fullPage: false });
    expect(foreign).toEqual([]);
    expect(problems).toEqual([]);
  });
});
