import { expect, type Locator, type Page } from '@playwright/test';

/** A value to put into a form field: typed text, or an option chosen from a select or tree select. */
export type FieldValue = string | { choose: string };
export type FormValues = Record<string, FieldValue>;

/** Fills the fields of a form (a dialog or the search bar) by their labels. */
export async function fill(page: Page, scope: Locator, values: FormValues) {
  for (const [label, value] of Object.entries(values)) {
    const input = scope.getByLabel(label, { exact: true });
    if (typeof value === 'string') {
      await input.fill(value);
      continue;
    }
    await input.click();
    // Long lists and trees render only what is in view: filter by typing, then choose.
    await page.keyboard.type(value.choose);
    const option = page
      .locator('.ant-select-dropdown:visible')
      .locator('.ant-select-item-option, .ant-select-tree-node-content-wrapper')
      .filter({ hasText: value.choose })
      .first();
    // a dropdown near the bottom of a dialog may reach past the window: click the node where it is
    await option.dispatchEvent('click');
    // a multiple choice stays open for more: close it (a single one closes itself, and Esc would close the dialog)
    const multiple = input.locator('xpath=ancestor::div[contains(@class, "ant-select-multiple")]');
    if (await multiple.count()) await page.keyboard.press('Escape');
  }
}

/** The table row holding a text. */
export const rowOf = (page: Page, text: string) => page.locator('tr.ant-table-row').filter({ hasText: text });

/** The open dialog. */
export const dialog = (page: Page) => page.getByRole('dialog');

export async function search(page: Page, values: FormValues) {
  const bar = page.locator('form#crud-search');
  await fill(page, bar, values);
  await bar.getByRole('button', { name: /搜\s*索|Search/ }).click();
}

/** Opens the add dialog, fills it and submits; waits until it closes. */
export async function add(page: Page, values: FormValues) {
  await page.getByRole('button', { name: /^新\s*增$/ }).click();
  await fill(page, dialog(page), values);
  await dialog(page)
    .getByRole('button', { name: /提\s*交/ })
    .click();
  await expect(dialog(page)).toHaveCount(0);
}

/** Submits a bad form and expects its message, then cancels: nothing may have been written. */
export async function addRefused(page: Page, values: FormValues, message: string | RegExp) {
  await page.getByRole('button', { name: /^新\s*增$/ }).click();
  await fill(page, dialog(page), values);
  await dialog(page)
    .getByRole('button', { name: /提\s*交/ })
    .click();
  await expect(dialog(page).getByText(message)).toBeVisible();
  await closeWith(dialog(page), CANCEL);
}

export async function edit(page: Page, row: string, values: FormValues) {
  await rowOf(page, row)
    .getByRole('button', { name: /^编\s*辑$/ })
    .click();
  await fill(page, dialog(page), values);
  await dialog(page)
    .getByRole('button', { name: /提\s*交/ })
    .click();
  await expect(dialog(page)).toHaveCount(0);
}

/** Opens the view dialog of a row and checks a field's value. */
export async function view(page: Page, row: string, label: string, value: string) {
  await rowOf(page, row)
    .getByRole('button', { name: /^查\s*看$/ })
    .click();
  await expect(dialog(page).getByLabel(label, { exact: true })).toHaveValue(value);
  await closeWith(dialog(page), CANCEL);
}

/**
 * Closes a dialog with one of its buttons and waits until it is gone. A click that lands while the
 * dialog is still opening can be lost (seen in CI twice: a confirm stayed and made no call; a cancelled
 * dialog stayed open), so the click is repeated until the dialog has closed.
 */
export async function closeWith(dialogBox: Locator, button: RegExp) {
  await expect(async () => {
    const target = dialogBox.getByRole('button', { name: button });
    if (await target.isVisible()) await target.click({ timeout: 1000 });
    await expect(dialogBox).toHaveCount(0, { timeout: 1500 });
  }).toPass({ timeout: 15_000 });
}

export const CANCEL = /^(取\s*消|Cancel)$/;

/** Confirms the open confirm dialog. */
export const confirmDialog = (page: Page, ok: RegExp = /确\s*定|^OK$/) =>
  closeWith(page.locator('.ant-modal-confirm'), ok);

/** Asks to delete a row through its button and confirms; the server may still refuse. */
export async function confirmRemove(page: Page, row: string) {
  await rowOf(page, row)
    .getByRole('button', { name: /^删\s*除$/ })
    .click();
  await confirmDialog(page);
}

/** Deletes a row through its button and the confirm, and waits until it is gone. */
export async function remove(page: Page, row: string) {
  await confirmRemove(page, row);
  await expect(rowOf(page, row)).toHaveCount(0);
}
