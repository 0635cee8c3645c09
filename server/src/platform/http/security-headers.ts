import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * What the built web client needs, and nothing more: its own scripts only; inline styles because
 * antd's CSS-in-JS injects <style> tags (and index.html and the label print window carry one);
 * data: images (QR codes, the captcha) and blob: ones (camera snapshots, exports); frames of this
 * origin only (the attachment preview shows a stored PDF from its link); no framing of the pages.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "media-src 'self' blob:",
  "worker-src 'self' blob:",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Every page and file of the web client. The kiosk page uses the camera; nothing else is allowed. */
export const WEB_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'permissions-policy': 'camera=(self), microphone=(), geolocation=(), payment=(), usb=()',
} as const;

const isApi = (request: FastifyRequest) => request.url === '/api' || request.url.startsWith('/api/');

/**
 * Headers on every answer: the web client's policy on its pages and files; on API answers nosniff
 * and `no-store` (they hold a user's data, or tokens and captchas, which no cache may keep), unless
 * the route chose its own caching (stored files, served by their unguessable names).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (!isApi(request)) {
      for (const [name, value] of Object.entries(WEB_HEADERS)) if (!reply.hasHeader(name)) reply.header(name, value);
      return;
    }
    if (!reply.hasHeader('x-content-type-options')) reply.header('x-content-type-options', 'nosniff');
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}
