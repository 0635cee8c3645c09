import { HttpError } from '../../api/http.ts';
import type { AllowedMaterial, KioskDevice, Receipt, RecognisedPerson } from './kiosk-api.ts';

/**
 * Why the kiosk stopped, each with its own screen (kiosk.failure.<reason> in messages.ts) and way
 * back: the person looks at the camera again, picks again, or starts over.
 */
export type FailureReason =
  | 'noCamera'
  | 'noFace'
  | 'severalFaces'
  | 'unreadable'
  | 'notRecognised'
  | 'noWarrant'
  | 'warrantRefused'
  | 'insufficientStock'
  | 'ticketExpired'
  | 'outcomeUnknown'
  | 'busy'
  | 'offline'
  | 'unknown';

/** Failures about the picture: their way back is the camera. */
export const PICTURE_FAILURES: readonly FailureReason[] = [
  'noCamera',
  'noFace',
  'severalFaces',
  'unreadable',
  'notRecognised',
];

/** Where a failure screen's main button leads. */
export type Retry = 'capture' | 'pick' | 'start';

export interface Session {
  person: RecognisedPerson;
  ticket: string;
  expiresAt: number;
  items: AllowedMaterial[];
}

/** The kiosk's screens, one at a time. */
export type Screen =
  | { name: 'loading' }
  | { name: 'pair'; error?: string }
  /** The device or its tenant is switched off: the key is kept and checked until it works again. */
  | { name: 'closed'; message?: string }
  | { name: 'start' }
  | { name: 'capture' }
  | { name: 'working' }
  | { name: 'pick'; session: Session }
  | { name: 'receipt'; receipt: Receipt; person: RecognisedPerson }
  | { name: 'failure'; reason: FailureReason; message?: string; retry: Retry; session?: Session };

export interface KioskState {
  device: KioskDevice | null;
  screen: Screen;
}

// The server's refusals by catalogue key (the Error-Key header), as the kiosk's reasons.
const REASONS: [RegExp, FailureReason][] = [
  [/^warehouse\.face\.none$/, 'noFace'],
  [/^warehouse\.face\.several$/, 'severalFaces'],
  [/^warehouse\.face\.unreadable$/, 'unreadable'],
  [/^warehouse\.face\.notRecognised$/, 'notRecognised'],
  [/^warehouse\.ticket\./, 'ticketExpired'],
  [/^warehouse\.warrant\./, 'warrantRefused'],
  [/^warehouse\.stock\.insufficient$/, 'insufficientStock'],
  [/^error\.tooMany$/, 'busy'],
];

/**
 * What a refused key means: `unpaired`, the key is gone (revoked, replaced) or never was one: pair again;
 * `closed`, the device or tenant is off for now: keep the key and wait. Null: not about the key.
 */
export function keyProblem(error: unknown): 'unpaired' | 'closed' | null {
  if (!(error instanceof HttpError)) return null;
  if (error.key === 'error.kiosk.disabled') return 'closed';
  return ['error.kiosk.invalid', 'error.kiosk.unknown', 'error.kiosk.missing'].includes(error.key ?? '')
    ? 'unpaired'
    : null;
}

/**
 * The reason a call failed, and the server's message when it gave one (already in the person's
 * language). An outbound that got no answer, or an unexpected one, may still have been posted (its
 * ticket is used up), so it is never offered again: `outcomeUnknown`.
 */
export function failureOf(error: unknown, outbound = false): { reason: FailureReason; message?: string } {
  if (!(error instanceof HttpError)) return { reason: outbound ? 'outcomeUnknown' : 'unknown' };
  const reason: FailureReason =
    error.code === 0
      ? 'offline'
      : (REASONS.find(([pattern]) => error.key && pattern.test(error.key))?.[1] ?? 'unknown');
  if (outbound && (reason === 'offline' || reason === 'unknown')) return { reason: 'outcomeUnknown' };
  return { reason, message: error.message };
}

/**
 * Where each reason sends the person: a bad picture, to the camera; an outbound the server refused
 * (a limit, the stock, too many calls: it gave the ticket back), back to picking; anything else, to
 * the start. Without a camera, the failure screen's upload is the way on.
 */
export function retryOf(reason: FailureReason, hasSession: boolean): Retry {
  if (PICTURE_FAILURES.includes(reason) && reason !== 'noCamera') return 'capture';
  if (hasSession && ['warrantRefused', 'insufficientStock', 'busy'].includes(reason)) return 'pick';
  return 'start';
}

/** How long each screen waits for a touch before the kiosk goes back to the start, in ms. */
export const IDLE_MS: Partial<Record<Screen['name'], number>> = {
  capture: 60_000,
  pick: 90_000,
  receipt: 20_000,
  failure: 30_000,
};
