import { logoutOnServer } from '../api/menu.ts';
import { useSession } from './session.ts';

/**
 * Ends the session: the server revokes it (the request leaves with the token before it is cleared),
 * the browser forgets it, and the user sees /login at once without waiting for the server.
 */
export function signOut(navigate: (path: string) => void): Promise<unknown> {
  const ending = logoutOnServer();
  useSession.getState().signOutLocally();
  navigate('/login');
  return ending;
}
