import { expect, type Locator } from '@playwright/test';

/**
 * Chooses an entry of a menu that opens on a pointer action (hover, right-click) with an animation and
 * realigns when the page moves: a menu that did not open, or a click that landed while it moved, is
 * tried again until what the entry does is seen (`done`; by default, the entry hidden: the menu closed).
 */
export async function chooseEntry(
  open: () => Promise<void>,
  entry: Locator,
  done: () => Promise<void> = () => expect(entry).toBeHidden({ timeout: 2000 }),
): Promise<void> {
  await expect(async () => {
    await open();
    await entry.click({ timeout: 2000 });
    await done();
  }).toPass({ timeout: 15_000 });
}
