import { expect, type Page, type Request } from '@playwright/test';

/** Requests a page may keep open for good: never waited for. */
const OPEN_ENDED = new Set(['websocket', 'eventsource']);
const inFlight = new WeakMap<Page, Set<Request>>();

/** Counts the page's requests in flight from now on, for `settled`. Call it before loading. */
export function trackRequests(page: Page): void {
  const open = new Set<Request>();
  inFlight.set(page, open);
  page.on('request', (r) => {
    if (!OPEN_ENDED.has(r.resourceType())) open.add(r);
  });
  const done = (r: Request) => open.delete(r);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

const pending = (page: Page): number => {
  const open = inFlight.get(page);
  if (!open) throw new Error('settled() needs trackRequests(page) before the page loads');
  return open.size;
};

/**
 * Waits until the page has its data: no request in flight (scripts, styles and API calls) and
 * no list dimmed by loading, and still so two frames later, so a request the arriving data starts
 * is seen. Quicker than Playwright's `networkidle`, which always waits half a second more.
 */
export async function settled(page: Page): Promise<void> {
  const spinning = page.locator('.ant-spin-spinning, .ant-spin-blur');
  await expect(async () => {
    expect(pending(page)).toBe(0);
    await expect(spinning).toHaveCount(0, { timeout: 0 });
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    expect(pending(page)).toBe(0);
    await expect(spinning).toHaveCount(0, { timeout: 0 });
  }).toPass({ timeout: 15_000 });
}

/**
 * Opens a page of the loaded app through its own router, as a click in the menu does: the app is
 * not loaded again. (The router follows `history.pushState`.)
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => window.history.pushState({}, '', to), path);
}
