import { useEffect } from 'react';
import { type FailureReason, IDLE_MS, type Screen } from './kiosk-flow.ts';

/** Back to the start after a screen's idle time without a touch or key (kiosk-flow IDLE_MS). */
export function useIdleReturn(screen: Screen['name'], home: () => void) {
  useEffect(() => {
    const idle = IDLE_MS[screen];
    if (!idle) return;
    let timer = setTimeout(home, idle);
    const touched = () => {
      clearTimeout(timer);
      timer = setTimeout(home, idle);
    };
    const events = ['pointerdown', 'keydown', 'input'] as const;
    for (const e of events) window.addEventListener(e, touched, { capture: true });
    return () => {
      clearTimeout(timer);
      for (const e of events) window.removeEventListener(e, touched, { capture: true });
    };
  }, [screen, home]);
}

/** A person still picking when their ticket runs out is told so (the server would refuse the outbound). */
export function useTicketExpiry(screen: Screen, failWith: (reason: FailureReason) => void) {
  const expiresAt = screen.name === 'pick' ? screen.session.expiresAt : null;
  useEffect(() => {
    if (expiresAt === null) return;
    const timer = setTimeout(() => failWith('ticketExpired'), Math.max(0, expiresAt - Date.now()));
    return () => clearTimeout(timer);
  }, [expiresAt, failWith]);
}

/** How often a kiosk at rest, or out of service, checks its key (which also keeps its device marked online). */
const HEARTBEAT_MS = 60_000;

/** Runs `check` now (when `now`) and then every minute, while `active`. */
export function useHeartbeat(active: boolean, now: boolean, check: () => void) {
  useEffect(() => {
    if (!active) return;
    if (now) check();
    const timer = setInterval(check, HEARTBEAT_MS);
    return () => clearInterval(timer);
  }, [active, now, check]);
}
