import { test } from '@playwright/test';
import { hasChromium, SKIP_LINE } from '../../support/chromium.ts';
import { exerciseDictionaries } from '../../support/dict.ts';
import { signIn } from '../../support/session.ts';

test.skip(!hasChromium, SKIP_LINE);
test.setTimeout(120_000);

test('business dictionaries: list, search, add (bad ones refused), edit, view, items, delete', async ({ page }) => {
  await signIn(page);
  await exerciseDictionaries(page, '/system/dictbiz', '物资单位');
});
