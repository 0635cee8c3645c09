import { website } from '../config.ts';

interface Stored<T> {
  dataType: string;
  content: T;
  type?: string;
  datetime: number;
}

const storageFor = (session: boolean) => (session ? window.sessionStorage : window.localStorage);
const fullKey = (name: string) => `${website.key}-${name}`;

/**
 * Saber's storage: keys prefixed with the site key, values saved with their type, content and save
 * time; session storage when `session` is set (the lock, the tabs).
 */
export function setStore<T>(name: string, content: T, session = false): void {
  const value: Stored<T> = { dataType: typeof content, content, datetime: Date.now() };
  if (session) value.type = 'session';
  storageFor(session).setItem(fullKey(name), JSON.stringify(value));
}

export function getStoreEntry<T>(name: string): Stored<T> | null {
  const raw = window.sessionStorage.getItem(fullKey(name)) ?? window.localStorage.getItem(fullKey(name));
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as Stored<T>;
  } catch {
    return null;
  }
}

export function getStore<T>(name: string): T | null {
  return getStoreEntry<T>(name)?.content ?? null;
}

export function removeStore(name: string): void {
  window.sessionStorage.removeItem(fullKey(name));
  window.localStorage.removeItem(fullKey(name));
}
