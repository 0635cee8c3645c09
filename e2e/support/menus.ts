import { expect, type Locator, type Page } from '@playwright/test';

/** How long one try waits for the entry, and then for what it does: a loaded machine acts slowly. */
export const CHOICE_TIMEOUT = 5000;

/**
 * Chooses an entry of a menu that opens on a pointer action (hover, right-click) with an animation and
 * realigns when the page moves: a menu that did not open, or a click that landed while it moved, is
 * tried again until what the entry does is seen (`done`; by default, the entry hidden: the menu closed).
 * Each try starts with the pointer away from the menu: a menu that opens on hover opens again only
 * when the pointer comes back to its button (hovering where the pointer already is sends no event).
 */
export async function chooseEntry(
  open: () => Promise<void>,
  entry: Locator,
  done: () => Promise<void> = () => expect(entry).toBeHidden({ timeout: CHOICE_TIMEOUT }),
): Promise<void> {
  await expect(async () => {
    await entry.page().mouse.move(0, 0);
    await open();
    await entry.click({ timeout: CHOICE_TIMEOUT });
    await done();
  }).toPass({ timeout: 20_000 });
}

/** Chooses an entry of the top bar's user menu (the button named after the user, opened by hovering). */
export async function chooseUserMenuEntry(
  page: Page,
  entryName: string,
  done: () => Promise<void>,
  userName = '管理员',
): Promise<void> {
  const entry = page.getByRole('menuitem', { name: entryName, exact: true });
  await chooseEntry(() => page.getByRole('button', { name: userName }).hover(), entry, done);
}
