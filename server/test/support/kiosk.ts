import { uploadPhoto } from './faces.ts';
import { form } from './multipart.ts';
import type { TestApp } from './test-app.ts';

/** A kiosk's calls: its key (and, after recognition, the outbound ticket), no staff token. */
export function kioskApi(t: TestApp, key: string) {
  const headers = (ticket?: string) => ({
    'kiosk-key': key,
    'accept-language': 'en-US',
    ...(ticket ? { 'outbound-ticket': ticket } : {}),
  });
  return {
    async recognise(photo: Buffer) {
      const body = await form({ file: { bytes: new Uint8Array(photo), name: 'camera.jpg', type: 'image/jpeg' } });
      return t.app.inject({
        method: 'POST',
        url: '/api/warehouse/face/faceRecognition',
        headers: { ...headers(), ...body.headers },
        payload: body.payload,
      });
    },
    allowance: (ticket?: string) =>
      t.app.inject({ method: 'GET', url: '/api/warehouse/face/allowance', headers: headers(ticket) }),
    save: (ticket: string | undefined, items: { materialCodeId: unknown; quantity: number | string }[], extra = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/warehouse/delivery/save',
        headers: headers(ticket),
        payload: { items, ...extra },
      }),
  };
}

/** Enrols a person with a photo through faceimg/submit, as the given user; answers their id. */
export async function enrol(t: TestApp, name: string, photo: Buffer, headers = t.auth()): Promise<string> {
  const imageUrl = await uploadPhoto(t, photo, headers);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/warehouse/faceimg/submit',
    headers,
    payload: { name, imageUrl },
  });
  if (res.statusCode !== 200) throw new Error(`enrol failed: ${res.body}`);
  return String(res.json().data.id);
}

/** A new kiosk key for the device, as the given user. */
export async function newKioskKey(t: TestApp, deviceId: unknown, headers = t.auth()): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/blade-warehouse/device/kiosk-key?id=${deviceId}`,
    headers,
  });
  if (res.statusCode !== 200) throw new Error(`kiosk key failed: ${res.body}`);
  return res.json().data as string;
}
