import { type Envelope, http } from '../../api/http.ts';
import { getStore, removeStore, setStore } from '../../app/storage.ts';

/** The device a kiosk key pairs this browser with. */
export interface KioskDevice {
  id: string;
  code: string;
  name: string;
  tenantId: string;
  tenantName: string;
}

export interface RecognisedPerson {
  id: string;
  name: string;
}

export interface Recognition {
  person: RecognisedPerson;
  ticket: string;
  /** Seconds until the ticket stops working (counted on the kiosk's clock, whatever time it shows). */
  expiresIn: number;
}

/** A material the person may take here: stock, what their warrants leave, and the most one outbound may take. */
export interface AllowedMaterial {
  materialCodeId: string;
  materialCode: string;
  materialName: string;
  unit: string | null;
  /** The unit's label in the tenant's dictionary. */
  unitName: string | null;
  specification: string | null;
  quantity: string;
  remainingToday: string | null;
  remainingThisMonth: string | null;
  available: string;
}

export interface ReceiptLine {
  id: string;
  materialCode?: string;
  materialName?: string;
  unitName?: string | null;
  quantity: string;
}

/** The posted outbound, as the kiosk's receipt shows it. */
export interface Receipt {
  id: string;
  deliveryNo: string;
  applyTime: string;
  items: ReceiptLine[];
}

const KEY_STORE = 'kiosk-key';
const LANGUAGE_STORE = 'kiosk-language';

/** The pairing lives in this browser only: the key an administrator entered once, and the language then shown. */
export const storedKioskKey = () => getStore<string>(KEY_STORE);
export const kioskLanguage = () => getStore<string>(LANGUAGE_STORE);
export function keepKioskKey(key: string, language: string): void {
  setStore(KEY_STORE, key);
  setStore(LANGUAGE_STORE, language);
}
export const forgetKioskKey = () => removeStore(KEY_STORE);

/**
 * The kiosk's calls: its device's key instead of a staff token or client header, and quiet, since
 * the kiosk shows every failure as a screen of its own (the HttpError's `key` tells which).
 */
function kioskCall<T>(key: string, request: Parameters<typeof http>[0]): Promise<T> {
  return http<Envelope<T>>({
    ...request,
    quiet: true,
    withToken: false,
    withClient: false,
    headers: { 'kiosk-key': key, ...request.headers },
  }).then((answer) => answer.data);
}

export const kioskApi = (key: string) => ({
  device: () => kioskCall<KioskDevice>(key, { url: '/blade-warehouse/device/kiosk' }),
  recognise(photo: Blob) {
    const form = new FormData();
    form.append('file', photo, 'camera.jpg');
    return kioskCall<Recognition>(key, { url: '/warehouse/face/faceRecognition', method: 'POST', data: form });
  },
  allowance: (ticket: string) =>
    kioskCall<{ items: AllowedMaterial[]; expiresIn: number }>(key, {
      url: '/warehouse/face/allowance',
      headers: { 'outbound-ticket': ticket },
    }),
  outbound: (ticket: string, items: { materialCodeId: string; quantity: string }[]) =>
    kioskCall<Receipt>(key, {
      url: '/warehouse/delivery/save',
      method: 'POST',
      headers: { 'outbound-ticket': ticket },
      data: { items },
    }),
  /** A QR code of the content as a PNG data URL. */
  qr: (content: string) =>
    kioskCall<string>(key, { url: '/warehouse/QR/generateCodeBs64', params: { content } }).then(
      (png) => `data:image/png;base64,${png}`,
    ),
});

export type KioskApi = ReturnType<typeof kioskApi>;
