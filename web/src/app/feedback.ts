import type { MessageInstance } from 'antd/es/message/interface';

// antd's message API lives in React context; the Root component hands its instance over here so
// code outside components (the HTTP client) can show messages in the current theme and language.
let messageApi: MessageInstance | null = null;

export function setMessageApi(api: MessageInstance): void {
  messageApi = api;
}

/** A red error message (spec §8). */
export function showError(text: string): void {
  void messageApi?.error(text);
}
