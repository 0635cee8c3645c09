import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { apiAs } from './api.ts';

type Api = ReturnType<typeof apiAs>;
interface Saved {
  id: string;
}

const PERSON = 'E2E 王五';

/**
 * A kiosk's world in tenant 000000, made through the API: a kiosk device with 10 of a material in
 * stock, and a person enrolled with a photo whose warrant there allows 3 a day. The camera shows
 * one face, so the persons an earlier test enrolled with it lose their photos first.
 */
export async function kioskWorld(request: APIRequestContext, api: Api, photo: Buffer) {
  const stamp = Date.now().toString(36);
  const earlier = await api.get<{ records: (Saved & { imageUrl: string | null })[] }>(
    `/api/warehouse/faceimg/page?size=100&name=${encodeURIComponent(PERSON)}`,
  );
  // Their photos are taken away (a person who took materials cannot be removed), so none is recognised.
  for (const person of earlier.records.filter((p) => p.imageUrl)) {
    await api.post('/api/warehouse/faceimg/submit', { id: person.id, imageUrl: '' });
  }
  const device = await api.post<Saved>('/api/blade-warehouse/device/submit', {
    code: `E2E-K-${stamp}`,
    name: `E2E 领料终端 ${stamp}`,
    type: 'kiosk',
  });
  const type = await api.post<Saved>('/api/warehouse/materialstype/submit', { code: `E2E-T-${stamp}`, name: '劳保' });
  const material = await api.post<Saved>('/api/warehouse/materialscode/submit', {
    code: `E2E-M-${stamp}`,
    name: `E2E 手套 ${stamp}`,
    unit: 'pair',
    typeId: type.id,
    referencePrice: '2.50',
  });
  await api.post('/api/warehouse/refuel/submit', {
    deviceId: device.id,
    items: [{ materialCodeId: material.id, quantity: '10', unitPrice: '2.50' }],
  });
  const upload = await request.post('/api/blade-resource/oss/endpoint/put-file', {
    headers: api.headers,
    multipart: { file: { name: 'face.png', mimeType: 'image/png', buffer: photo } },
  });
  expect(upload.status()).toBe(200);
  const { link } = ((await upload.json()) as { data: { link: string } }).data;
  const person = await api.post<Saved>('/api/warehouse/faceimg/submit', { name: `${PERSON} ${stamp}`, imageUrl: link });
  const warrant = await api.post<Saved>('/api/warehouse/warrant/submit', {
    personId: person.id,
    deviceId: device.id,
    materialCodeId: material.id,
    maxPerDay: '3',
    enabled: 1,
  });
  return { stamp, device, material, person, warrant };
}

/** The kiosk page's main buttons and fields, by their Chinese names. */
export const kioskButton = (page: Page, name: string | RegExp) => page.getByRole('button', { name });

/** Every page of the kiosk fits the screen: nothing scrolls sideways, and every button is a touch target. */
export async function expectTouchLayout(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, 'sideways scrolling').toBeLessThanOrEqual(innerWidth);
  for (const button of await page.getByRole('main').getByRole('button').all()) {
    const box = await button.boundingBox();
    if (!box) continue;
    expect(box.height, `height of ${await button.textContent()}`).toBeGreaterThanOrEqual(56);
    expect(box.x + box.width, 'a button beyond the right edge').toBeLessThanOrEqual(innerWidth);
  }
}
