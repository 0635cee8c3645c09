/** The BladeX answer shape: `success` is `code == 200`, and the HTTP status equals `code`. */
export interface Envelope<T = unknown> {
  code: number;
  success: boolean;
  data: T;
  msg: string;
}

export function envelope<T>(code: number, data: T, msg: string): Envelope<T> {
  return { code, success: code === 200, data, msg };
}
