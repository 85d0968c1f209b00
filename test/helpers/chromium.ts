/**
 * Debian's Chromium driven by playwright-core (never `playwright install`): the one place that
 * names the executable and the flags, for the browser tests and the bench. Loopback only: the
 * pages the tests open are served by test/helpers/static-server.ts on 127.0.0.1.
 */
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = process.env.RECIPES_CHROMIUM || '/usr/bin/chromium';
export const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
}
