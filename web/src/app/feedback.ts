import type { MessageInstance } from 'antd/es/message/interface';

// antd's message API lives in React context; Root mounts its holder (antd/AntdProviders.tsx) after the
// first paint and hands its instance over here, so code outside components (the HTTP client) can show
// messages in the current theme and language. What is said before it has come waits for it.
let messageApi: MessageInstance | null = null;
let waiting: string[] = [];

export function setMessageApi(api: MessageInstance): void {
  messageApi = api;
  const said = waiting;
  waiting = [];
  for (const text of said) void api.error(text);
}

/** A red error message (spec §8). */
export function showError(text: string): void {
  if (messageApi) void messageApi.error(text);
  else waiting.push(text);
}
