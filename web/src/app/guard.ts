import { redirect } from 'react-router';
import { website } from '../config.ts';
import { useSession } from './session.ts';

/** Routes inside the product: without a token the session is cleared and the user goes to /login. */
export function requireSession(): null {
  if (!useSession.getState().token) {
    useSession.getState().signOutLocally();
    throw redirect('/login');
  }
  return null;
}

/** /login for someone signed in goes to / (spec §2 route guard). */
export function guestOnly(): null {
  if (useSession.getState().token) throw redirect('/');
  return null;
}

export const homePath = website.firstPage;
