import { create } from 'zustand';
import { http } from '../api/http.ts';
import { getStore, setStore } from './storage.ts';

/** One uncaught error of the page (spec §3 error log). */
export interface ErrorEntry {
  type: string;
  message: string;
  stack: string;
  info: string;
  url: string;
  time: string;
}

const MAX_ENTRIES = 100;

interface ErrorLogState {
  entries: ErrorEntry[];
  add(entry: Omit<ErrorEntry, 'time' | 'url'>): void;
  clear(): void;
  /** Sends the entries to the server's log, then forgets them. */
  upload(): Promise<void>;
}

export const useErrorLog = create<ErrorLogState>()((set, get) => ({
  entries: getStore<ErrorEntry[]>('logs') ?? [],
  add(entry) {
    const full = { ...entry, url: window.location.pathname, time: new Date().toISOString() };
    const entries = [full, ...get().entries].slice(0, MAX_ENTRIES);
    setStore('logs', entries);
    set({ entries });
  },
  clear() {
    setStore('logs', []);
    set({ entries: [] });
  },
  async upload() {
    const { entries } = get();
    if (entries.length === 0) return;
    await http({ url: '/blade-log/usual/client-errors', method: 'POST', data: entries });
    get().clear();
  },
}));

/** Keeps every uncaught error and unhandled rejection of the page in the local log. */
export function captureErrors(): () => void {
  const onError = (event: ErrorEvent) =>
    useErrorLog.getState().add({ type: 'error', message: event.message, stack: event.error?.stack ?? '', info: '' });
  const onRejection = (event: PromiseRejectionEvent) => {
    const reason = event.reason as { message?: string; stack?: string } | undefined;
    useErrorLog
      .getState()
      .add({ type: 'promise', message: String(reason?.message ?? reason), stack: reason?.stack ?? '', info: '' });
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}
