import { z } from 'zod';
import { choice, int, optional, optionalText, requiredText } from '../../../platform/http/fields.ts';
import { parentIdInput } from '../inputs.ts';
import { warehouseMessages as w } from '../messages.ts';
import { deviceMessages as m } from './messages.ts';

/**
 * A device (site, warehouse, cabinet, slot, kiosk) as its form sends it; `type` is a key of the
 * `device_type` dictionary. The kiosk key and the online state are the kiosk's, not the form's.
 */
export const deviceInput = z.object({
  parentId: parentIdInput,
  code: requiredText(w['warehouse.code.required'], 64),
  name: requiredText(w['warehouse.name.required'], 100),
  type: requiredText(m['warehouse.device.type.required'], 32),
  location: optionalText(255),
  serialNo: optionalText(100),
  sort: optional(int(0, 999_999)),
  remark: optionalText(255),
  status: optional(choice(0, 1)),
});

/** `device/kiosk`: the device a kiosk key belongs to. */
export const kioskDeviceSchema = z.object({
  id: z.string(),
  code: z.string().nullable(),
  name: z.string(),
  tenantId: z.string(),
  tenantName: z.string(),
});
