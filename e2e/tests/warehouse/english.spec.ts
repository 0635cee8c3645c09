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
