import { expect, type Page } from '@playwright/test';
import { crudIn } from './crud-in.ts';

/** A card of the page by its title. */
export const card = (page: Page, title: string | RegExp) =>
  page.locator('.ant-card').filter({ has: page.locator('.ant-card-head-title', { hasText: title }) });

/**
 * A dictionary screen (/system/dict or /system/dictbiz) from end to end: a seeded dictionary listed,
 * search, the spec's messages on bad forms, add, edit, view, then its items in their dialog (list,
 * search, add with a bad one refused, edit, view, delete), and delete.
 */
export async function exerciseDictionaries(page: Page, path: string, seeded: string) {
  await page.goto(path);
  const main = page.getByRole('main');
  const dicts = crudIn(page, main);
  await expect(dicts.rowOf(seeded)).toBeVisible({ timeout: 15_000 });
  await dicts.addRefused({ 字典名称: '缺编号', 字典排序: '1' }, '请输入字典编号');
  await dicts.addRefused({ 字典编号: 'e2e_no_sort' }, '请输入字典排序');
  await dicts.add({ 字典编号: 'e2e_dict', 字典名称: 'E2E字典', 字典排序: '99' });
  await dicts.search({ 字典编号: 'e2e_dict' });
  await expect(main.locator('tr.ant-table-row')).toHaveCount(1);
  await dicts.edit('e2e_dict', { 字典名称: 'E2E字典二' });
  await dicts.view('e2e_dict', '字典名称', 'E2E字典二');
  await expect(dicts.rowOf('e2e_dict')).toContainText('否');

  await dicts.rowOf('e2e_dict').getByRole('button', { name: '字典配置' }).click();
  const dialog = page.getByRole('dialog').filter({ has: page.locator('.ant-modal-title', { hasText: '字典配置' }) });
  await expect(dialog.locator('.ant-modal-title')).toHaveText('[E2E字典二] 字典配置');
  const items = crudIn(page, dialog);
  await items.addRefused({ 字典名称: '缺键值', 字典排序: '1' }, '请输入字典键值');
  await expect(dialog.locator('tr.ant-table-row')).toHaveCount(0);
  await items.add({ 字典名称: '选项一', 字典键值: 'one', 字典排序: '1' });
  await items.add({ 字典名称: '选项二', 字典键值: 'two', 字典排序: '2' });
  // an item hangs from its dictionary unless another item is chosen
  await expect(items.rowOf('选项一')).toContainText('E2E字典二');
  await items.search({ 字典键值: 'two' });
  await expect(dialog.locator('tr.ant-table-row')).toHaveCount(1);
  await items.search({ 字典键值: '' });
  await items.edit('选项一', { 字典名称: '选项壹' });
  await items.view('选项壹', '字典键值', 'one');
  await items.remove('选项壹');
  await items.remove('选项二');
  await dialog.getByRole('button', { name: /close|关闭/i }).click();

  await dicts.remove('e2e_dict');
}
