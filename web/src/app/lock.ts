import md5 from 'blueimp-md5';
import { getStore, removeStore, setStore } from './storage.ts';

// The lock lives in session storage (spec §4): it ends with the browser tab. The password is kept
// as its md5, never as typed.

export const isLocked = () => getStore<boolean>('lock') === true;

export function lockScreen(password: string): void {
  setStore('lockPasswd', md5(password), true);
  setStore('lock', true, true);
}

/** Unlocks when the password matches the one the lock was set with. */
export function unlockScreen(password: string): boolean {
  if (getStore<string>('lockPasswd') !== md5(password)) return false;
  removeStore('lock');
  removeStore('lockPasswd');
  return true;
}
