/**
 * How a stored file is answered: shown in the page, or saved under its original name, and never as
 * content that runs in this origin.
 */

// Shown in the page (an <img>); everything else is offered as a download unless it is a PDF.
const IMAGES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp', 'image/avif']);
const PDF = 'application/pdf';

// Types a browser would run as a page or a script of this origin (SVG and XML carry scripts too):
// answered as plain bytes, so even a download opened from the browser's bar cannot run them.
const ACTIVE = /html|svg|javascript|ecmascript|[/+]xml$|\/xsl|\/xslt/;

// Nothing in a stored file loads, runs or submits anything; only our own pages may frame one.
const SANDBOXED = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox";
// The browser's PDF viewer is a plugin, which a sandbox blocks: no scripts of the page all the same.
const PDF_POLICY = "default-src 'none'; object-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'";

export interface ServedFile {
  contentType: string;
  inline: boolean;
  policy: string;
}

/** The type, disposition and policy a file of this stored type is answered with. */
export function servedFile(storedType: string, download: boolean): ServedFile {
  const type = storedType.toLowerCase();
  if (ACTIVE.test(type)) return { contentType: 'application/octet-stream', inline: false, policy: SANDBOXED };
  if (type === PDF) return { contentType: PDF, inline: !download, policy: download ? SANDBOXED : PDF_POLICY };
  return { contentType: type, inline: IMAGES.has(type) && !download, policy: SANDBOXED };
}

/** Whether the answer needs the file's original name: anything a browser may save. */
export const needsName = (served: ServedFile) => !served.inline || served.contentType === PDF;

/**
 * `Content-Disposition` with the file's name: a plain ASCII `filename` for old clients, and the
 * exact name (Chinese and all) as RFC 5987's `filename*`. Quotes, slashes and control characters
 * never reach the header.
 */
export function contentDisposition(inline: boolean, fileName: string | null): string {
  const kind = inline ? 'inline' : 'attachment';
  const name = (fileName ?? '').replace(/[\p{Cc}"\\/]/gu, '_').trim();
  if (!name) return kind;
  const ascii = name.replace(/[^\x20-\x7e]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
