import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../../platform/http/errors.ts';
import { faceMessages as m } from './messages.ts';

/** The header the kiosk sends its outbound ticket in. */
export const TICKET_HEADER = 'outbound-ticket';
/** How long a recognised person has to pick their materials and confirm. */
export const TICKET_TTL_MS = 2 * 60 * 1000;

/** What a ticket stands for: one outbound, by this person, at this kiosk's device, before it expires. */
export interface Ticket {
  tenantId: string;
  deviceId: string;
  personId: string;
  expiresAt: number;
}

// Tickets live in the shared store (so any instance honours them), under their hash: the store
// never holds one that could be used.
const keyOf = (ticket: string) => `kiosk-ticket:${createHash('sha256').update(ticket).digest('base64url')}`;

/** A new ticket for a person recognised at the calling kiosk. */
export async function issueTicket(request: FastifyRequest, personId: string): Promise<{ ticket: string } & Ticket> {
  const kiosk = request.ctx.kiosk!;
  const ticket = randomBytes(32).toString('base64url');
  const held: Ticket = {
    tenantId: kiosk.tenantId,
    deviceId: kiosk.deviceId,
    personId,
    expiresAt: Date.now() + TICKET_TTL_MS,
  };
  await request.server.platform.store.set(keyOf(ticket), JSON.stringify(held), TICKET_TTL_MS);
  return { ticket, ...held };
}

/**
 * The ticket the calling kiosk sent, if it is live and was issued to this kiosk; `take` also uses
 * it up (atomically: of two calls with one ticket, one gets it). Otherwise the expired-ticket refusal.
 */
export async function ticketOf(
  request: FastifyRequest,
  options: { take: boolean },
): Promise<Ticket & { ticket: string }> {
  const sent = request.headers[TICKET_HEADER];
  if (typeof sent !== 'string' || !sent) throw badRequest(m['warehouse.ticket.missing']);
  const store = request.server.platform.store;
  const text = options.take ? await store.take(keyOf(sent)) : await store.get(keyOf(sent));
  const held = text ? (JSON.parse(text) as Ticket) : null;
  const kiosk = request.ctx.kiosk!;
  const ours = held && held.tenantId === kiosk.tenantId && held.deviceId === kiosk.deviceId;
  if (!held || !ours || held.expiresAt <= Date.now()) {
    // Another kiosk's ticket stays usable by its own kiosk.
    if (held && !ours && options.take) await giveBack(request, { ticket: sent, ...held });
    throw badRequest(m['warehouse.ticket.invalid']);
  }
  return { ticket: sent, ...held };
}

/** Puts a taken ticket back for what is left of its time (its outbound was refused: try again). */
export async function giveBack(request: FastifyRequest, held: Ticket & { ticket: string }): Promise<void> {
  const left = held.expiresAt - Date.now();
  if (left <= 0) return;
  const { ticket, ...rest } = held;
  await request.server.platform.store.set(keyOf(ticket), JSON.stringify(rest), left);
}
