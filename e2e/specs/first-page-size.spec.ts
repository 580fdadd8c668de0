import { expect, test } from '@playwright/test';
import { FIRST_PAGE_BUDGET_KB, measureFirstPage } from './firstPageScripts';
import { ADMIN_PASSWORD } from './support';

// The budget holds in both languages: each fetches its own texts with the page.
for (const locale of ['en-US', 'zh-CN']) {
  test(`the first page after login stays within ${FIRST_PAGE_BUDGET_KB} KB of gzip JavaScript (${locale})`, async ({
    browser,
    baseURL,
  }) => {
    const first = await measureFirstPage(browser, {
      baseURL: baseURL ?? '',
      account: 'admin',
      password: ADMIN_PASSWORD,
      locale,
    });
    expect(first.landedOn).toBe('/deploy/index');
    const listing = first.scripts.map((s) => `${s.kb.toFixed(1).padStart(7)} KB  ${s.file}`);
    expect(
      first.totalKb,
      `${first.totalKb.toFixed(1)} KB gzip in ${first.scripts.length} scripts:\n${listing.join('\n')}`,
    ).toBeLessThanOrEqual(FIRST_PAGE_BUDGET_KB);
  });
}
