import { useCallback, useMemo, useRef, useState } from 'react';
import { type Language, setLanguage } from '../../app/i18n.ts';
import { useSession } from '../../app/session.ts';
import {
  forgetKioskKey,
  type KioskApi,
  keepKioskKey,
  kioskApi,
  kioskLanguage,
  type RecognisedPerson,
  storedKioskKey,
} from './kiosk-api.ts';
import {
  type FailureReason,
  failureOf,
  type KioskState,
  keyProblem,
  retryOf,
  type Screen,
  type Session,
} from './kiosk-flow.ts';
import { useHeartbeat, useIdleReturn, useTicketExpiry } from './kiosk-timers.ts';

type Lines = { materialCodeId: string; quantity: string }[];

/**
 * The kiosk's flow: pairing, then for each person the camera, recognition, picking and the receipt.
 * Every call's failure becomes a screen; an answer or a photo that arrives after its person left
 * (timeout, cancel) is dropped, so nobody lands on another person's screen.
 */
export function useKiosk() {
  const [key, setKey] = useState(storedKioskKey);
  const [state, setState] = useState<KioskState>({ device: null, screen: { name: key ? 'loading' : 'pair' } });
  const api = useMemo(() => (key ? kioskApi(key) : null), [key]);
  const flow = useRef(0);
  const screenNow = useRef(state.screen.name);
  screenNow.current = state.screen.name;

  const show = useCallback((screen: Screen) => setState((s) => ({ ...s, screen })), []);
  /** Starts a new step of the flow; answers a check that it is still the current one. */
  const begin = useCallback(() => {
    const mine = ++flow.current;
    return () => mine === flow.current;
  }, []);

  const unpair = useCallback((error?: string) => {
    flow.current++;
    forgetKioskKey();
    setKey(null);
    setState({ device: null, screen: { name: 'pair', error } });
  }, []);

  /** A refusal of the key itself ends the flow: pair again, or wait while out of service. */
  const refusedKey = useCallback(
    (error: unknown) => {
      const problem = keyProblem(error);
      const message = error instanceof Error ? error.message : undefined;
      if (problem === 'unpaired') unpair(message);
      if (problem === 'closed') show({ name: 'closed', message });
      return problem !== null;
    },
    [show, unpair],
  );

  const fail = useCallback(
    (error: unknown, session?: Session) => {
      if (refusedKey(error)) return;
      const { reason, message } = failureOf(error, Boolean(session));
      show({ name: 'failure', reason, message, retry: retryOf(reason, Boolean(session)), session });
    },
    [show, refusedKey],
  );

  const failWith = useCallback(
    (reason: FailureReason) => show({ name: 'failure', reason, retry: retryOf(reason, false) }),
    [show],
  );

  /** The start screen, in the kiosk's own language again for the next person. */
  const home = useCallback(() => {
    flow.current++;
    const language = kioskLanguage();
    if (language === 'zh' || language === 'en') setLanguage(language as Language);
    show({ name: 'start' });
  }, [show]);

  // The key is checked when the page opens, then every minute at rest or while out of service. A
  // check that gets no answer leaves the kiosk usable: each person's calls say what is wrong.
  const name = state.screen.name;
  const check = useCallback(() => {
    api?.device().then(
      (device) =>
        setState((s) => ({
          device,
          screen: ['loading', 'closed'].includes(s.screen.name) ? { name: 'start' } : s.screen,
        })),
      (error) =>
        refusedKey(error) || setState((s) => (s.screen.name === 'loading' ? { ...s, screen: { name: 'start' } } : s)),
    );
  }, [api, refusedKey]);
  useHeartbeat(Boolean(api) && ['loading', 'start', 'closed'].includes(name), name === 'loading', check);
  useIdleReturn(name, home);
  useTicketExpiry(state.screen, failWith);

  const pair = useCallback(async (entered: string, language: string) => {
    const device = await kioskApi(entered).device(); // a refusal stays on the pairing screen
    keepKioskKey(entered, language);
    // A kiosk is a public screen: whoever signed in on this browser to set it up is signed out.
    if (useSession.getState().token) useSession.getState().signOutLocally();
    setKey(entered);
    setState({ device, screen: { name: 'start' } });
  }, []);

  /** The person's allowance under their ticket: the pick screen, or the screen saying there is nothing. */
  const pick = useCallback(
    async (live: () => boolean, person: RecognisedPerson, ticket: string, from: KioskApi) => {
      const { items, expiresIn } = await from.allowance(ticket);
      if (!live()) return;
      if (!items.length) return show({ name: 'failure', reason: 'noWarrant', retry: 'start' });
      show({ name: 'pick', session: { person, ticket, expiresAt: Date.now() + expiresIn * 1000, items } });
    },
    [show],
  );

  /** A photo from the camera or an upload; one that comes after its person left is dropped. */
  const recognise = useCallback(
    async (photo: Blob) => {
      if (!api || !['capture', 'failure'].includes(screenNow.current)) return;
      const live = begin();
      show({ name: 'working' });
      try {
        const found = await api.recognise(photo);
        if (live()) await pick(live, found.person, found.ticket, api);
      } catch (error) {
        if (live()) fail(error);
      }
    },
    [api, begin, fail, pick, show],
  );

  /** Back to picking after a refused outbound: the server gave the ticket back; the stock is read again. */
  const pickAgain = useCallback(
    async (session: Session) => {
      if (!api) return;
      const live = begin();
      show({ name: 'working' });
      await pick(live, session.person, session.ticket, api).catch((error) => live() && fail(error));
    },
    [api, begin, fail, pick, show],
  );

  const outbound = useCallback(
    async (session: Session, lines: Lines) => {
      if (!api) return;
      const live = begin();
      show({ name: 'working' });
      try {
        const receipt = await api.outbound(session.ticket, lines);
        if (live()) show({ name: 'receipt', receipt, person: session.person });
      } catch (error) {
        if (live()) fail(error, session);
      }
    },
    [api, begin, fail, show],
  );

  const capture = useCallback(() => {
    flow.current++;
    show({ name: 'capture' });
  }, [show]);
  const noCamera = useCallback(() => failWith('noCamera'), [failWith]);

  return { state, api, pair, home, capture, noCamera, recognise, pickAgain, outbound };
}
