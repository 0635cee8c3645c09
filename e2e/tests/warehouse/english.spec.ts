import { expect, test } from '@playwright/test';
import { hasChromium, SKIP_LINE } from '../../support/chromium.ts';
import { crudIn, recordDialog } from '../../support/crud-in.ts';
import { expectPageLanguage } from '../../support/language.ts';
import { signIn } from '../../support/session.ts';
import { main } from '../../support/warehouse.ts';

test.skip(!hasChromium, SKIP_LINE);

// The platform tenant holds no warehouse data, so what shows is the screens' own words.
test('the providers screen and the inbound form in English', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page);
  await page.getByText('English').click();
  await page.goto('/warehouse/provider');
  const providers = crudIn(page, main(page));
  await providers.addRefused({ 'Provider code': 'ACME' }, 'Please enter Provider name');
  await providers.add({ 'Provider code': 'ACME', 'Provider name': 'Acme Tools', Contact: 'Jane Doe' });
  await expect(providers.rowOf('ACME')).toContainText('Enabled');
  await expectPageLanguage(page, 'en');

  await page.goto('/warehouse/refuel');
  await expect(page.getByRole('button', { name: 'Export lines' })).toBeVisible();
  await main(page).getByRole('button', { name: 'Add' }).click();
  await expect(recordDialog(page).getByText('Total: quantity 0, amount 0.00')).toBeVisible();
  await expectPageLanguage(page, 'en');
  await recordDialog(page).getByRole('button', { name: 'Cancel' }).click();

  await page.goto('/warehouse/provider');
  await providers.remove('ACME');
});

test('the home figures, the reports and the face images in English', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page);
  await page.getByText('English').click();
  await page.goto('/wel/index');
  await expect(main(page).getByText('Stock value')).toBeVisible();
  await expectPageLanguage(page, 'en');

  // The platform tenant may have nothing to draw: its chart is then an empty state, shown once the rows come, and
  // the chart box shows only while they load. So wait for the rows, then accept either the chart or its empty state.
  const charted = page.waitForResponse((r) => r.url().includes('/api/warehouse/report/valueByType'));
  await page.goto('/warehouse/report');
  await charted;
  const typeCard = main(page).locator('.ant-card').filter({ hasText: 'Stock value by material type' });
  await expect(
    typeCard.getByRole('img', { name: 'Stock value by material type' }).or(typeCard.getByText('No data yet')),
  ).toBeVisible({
    timeout: 20_000,
  });
  await expectPageLanguage(page, 'en');
  for (const tab of ['Stock by device', 'Stock by material', 'Inbound and outbound']) {
    await main(page).getByRole('tab', { name: tab }).click();
    await expect(main(page).getByRole('button', { name: 'Export' })).toBeVisible();
    await expectPageLanguage(page, 'en');
  }

  await page.goto('/warehouse/faceimg');
  await main(page).getByRole('button', { name: 'Add' }).click();
  await expect(recordDialog(page).getByRole('button', { name: 'Upload a photo' })).toBeVisible();
  await expectPageLanguage(page, 'en');
  await recordDialog(page).getByRole('button', { name: 'Cancel' }).click();
});
