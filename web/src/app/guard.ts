import { redirect } from 'react-router';
import { website } from '../config.ts';
import { isLocked } from './lock.ts';
import { useSession } from './session.ts';

/** Routes inside the product: without a token the session is cleared and the user goes to /login. */
export function requireSession(): null {
  if (!useSession.getState().token) {
    useSession.getState().signOutLocally();
    throw redirect('/login');
  }
  return null;
}

/** While the screen is locked, every route but /lock leads there (spec §2 route guard), the error pages too. */
export function notWhileLocked(): null {
  if (useSession.getState().token && isLocked()) throw redirect(website.lockPage);
  return null;
}

/** /login for someone signed in goes to / (spec §2 route guard). */
export function guestOnly(): null {
  if (useSession.getState().token) throw redirect('/');
  return null;
}

export const homePath = website.firstPage;
