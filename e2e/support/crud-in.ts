import { expect, type Locator, type Page } from '@playwright/test';
import { CANCEL, closeWith, confirmDialog, type FormValues, fill } from './crud.ts';

/** Button names in either language. */
const NAME = {
  add: /^(新\s*增|Add)$/,
  edit: /^(编\s*辑|Edit)$/,
  view: /^(查\s*看|View)$/,
  delete: /^(删\s*除|Delete)$/,
  search: /^(搜\s*索|Search)$/,
  submit: /^(提\s*交|Submit)$/,
  cancel: CANCEL,
  ok: /^(确\s*定|OK)$/,
};

/** The add / edit / view dialog, told apart from a drawer or dialog that holds a list. */
export const recordDialog = (page: Page) => page.getByRole('dialog').filter({ has: page.locator('form#crud-record') });

/**
 * The CRUD steps of crud.ts on the list inside `root` (the page's main area, a drawer, a dialog), for
 * screens that show more than one list at a time.
 */
export function crudIn(page: Page, root: Locator) {
  const record = recordDialog(page);
  const rowOf = (text: string) => root.locator('tr.ant-table-row').filter({ hasText: text });
  const submit = async (values: FormValues) => {
    await fill(page, record, values);
    await record.getByRole('button', { name: NAME.submit }).click();
  };
  const cancel = async () => {
    await closeWith(record, NAME.cancel);
  };
  return {
    rowOf,
    async search(values: FormValues) {
      const bar = root.locator('form#crud-search');
      await fill(page, bar, values);
      await bar.getByRole('button', { name: NAME.search }).click();
    },
    /** Submits the add dialog, opened by the toolbar or by a row's action (e.g. add child). */
    async add(values: FormValues, from?: { row: string; action: string | RegExp }) {
      if (from) await rowOf(from.row).getByRole('button', { name: from.action }).click();
      else await root.getByRole('button', { name: NAME.add }).click();
      await submit(values);
      await expect(record).toHaveCount(0);
    },
    /** Submits a bad form, expects its message, and cancels: nothing may have been written. */
    async addRefused(values: FormValues, message: string | RegExp) {
      await root.getByRole('button', { name: NAME.add }).click();
      await submit(values);
      await expect(record.getByText(message).first()).toBeVisible();
      await cancel();
    },
    async edit(row: string, values: FormValues) {
      await rowOf(row).getByRole('button', { name: NAME.edit }).click();
      await submit(values);
      await expect(record).toHaveCount(0);
    },
    /** Opens the view dialog of a row and checks a field's value. */
    async view(row: string, label: string, value: string) {
      await rowOf(row).getByRole('button', { name: NAME.view }).click();
      await expect(record.getByLabel(label, { exact: true })).toHaveValue(value);
      await cancel();
    },
    async remove(row: string) {
      await rowOf(row).getByRole('button', { name: NAME.delete }).click();
      await confirmDialog(page, NAME.ok);
      await expect(rowOf(row)).toHaveCount(0);
    },
    /** Opens a lazy tree row's children. */
    async expand(row: string) {
      await rowOf(row).first().locator('.ant-table-row-expand-icon').click();
    },
  };
}

/** An open drawer. */
export const drawer = (page: Page) => page.locator('.ant-drawer-section');

/** Opens a screen listing menus, finds one by name and opens its scopes with a row button; answers the drawer. */
export async function openScopes(page: Page, path: string, menu: string, button: string) {
  await page.goto(path);
  const menus = crudIn(page, page.getByRole('main'));
  await expect(menus.rowOf('系统管理')).toBeVisible({ timeout: 15_000 });
  await menus.search({ 菜单名称: menu });
  await expect(page.getByRole('main').locator('tr.ant-table-row')).toHaveCount(1);
  await menus.rowOf(menu).getByRole('button', { name: button }).click();
  return drawer(page);
}
