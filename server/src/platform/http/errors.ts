/**
 * The one kind of error a module throws: a catalogue key, the HTTP status it stands for, and the
 * values its message needs. One handler (error-handler.ts) turns it into the envelope.
 */
export class AppError extends Error {
  readonly key: string;
  readonly status: number;
  readonly params: Record<string, unknown>;
  /** What the answer's `data` carries (the refused rows of an import); null when not given. */
  readonly data: unknown;

  constructor(status: number, key: string, params: Record<string, unknown> = {}, data: unknown = null) {
    super(key);
    this.name = 'AppError';
    this.status = status;
    this.key = key;
    this.params = params;
    this.data = data;
  }
}

export const badRequest = (key: string, params?: Record<string, unknown>) => new AppError(400, key, params);
export const unauthorized = (key = 'error.unauthorized.missing') => new AppError(401, key);
export const forbidden = (key = 'error.forbidden', params?: Record<string, unknown>) => new AppError(403, key, params);
export const notFound = (key = 'error.notFound.record', params?: Record<string, unknown>) =>
  new AppError(404, key, params);
export const tooLarge = (key = 'error.tooLarge', params?: Record<string, unknown>) => new AppError(413, key, params);
export const tooMany = () => new AppError(429, 'error.tooMany');
export const conflict = (key: string, params?: Record<string, unknown>) => new AppError(409, key, params);
