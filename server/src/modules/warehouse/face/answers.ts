import { z } from 'zod';

// What the kiosk's face routes answer, for the API document.

const decimal = z.string().describe('a decimal, as text');
const text = z.string().nullable();

const person = z.object({ id: z.string(), name: z.string(), employeeNo: text, deptId: text, imageUrl: text });

/** `face/faceRecognition`: who the face is, and the ticket an outbound of theirs takes. */
export const recognitionSchema = z.object({
  person,
  device: z.object({ id: z.string(), name: z.string() }),
  ticket: z.string().describe('the Outbound-Ticket header of this person’s outbound'),
  expiresAt: z.string().describe("`yyyy-MM-dd HH:mm:ss`, the server's wall clock"),
  expiresIn: z.number().int().describe('seconds'),
  distance: z.number().describe('the faces’ descriptor distance (0: identical)'),
});

/** `face/allowance`: what the ticket's person may take at the device now. */
export const allowanceSchema = z.object({
  personId: z.string(),
  deviceId: z.string(),
  expiresAt: z.string().describe("`yyyy-MM-dd HH:mm:ss`, the server's wall clock"),
  expiresIn: z.number().int(),
  items: z.array(
    z.looseObject({
      materialCodeId: z.string(),
      materialCode: z.string(),
      materialName: z.string(),
      unit: text,
      unitName: text,
      specification: text,
      imageUrl: text,
      quantity: decimal.describe('stock at the device'),
      remainingToday: decimal.nullable().describe('null (answered ""): no limit'),
      remainingThisMonth: decimal.nullable(),
      available: decimal.describe('the most one outbound of it may take: stock and warrant both'),
    }),
  ),
});
