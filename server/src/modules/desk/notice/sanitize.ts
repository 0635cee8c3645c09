import type sanitizeHtml from 'sanitize-html';

// What a notice's rich text may hold: the markup an editor writes (text formats, lists, tables, links,
// pictures) and a few inline styles; never scripts, event handlers, frames, forms or `javascript:`
// addresses. The allow-list is sanitize-html's defaults (https://github.com/apostrophecms/sanitize-html)
// plus pictures and styles, which an editor's toolbar produces.
const options = (defaults: sanitizeHtml.IDefaults): sanitizeHtml.IOptions => ({
  allowedTags: [...defaults.allowedTags, 'img', 'span', 'font', 'del', 'ins', 'u', 's'],
  allowedAttributes: {
    a: ['href', 'name', 'target', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    '*': ['style'],
    td: ['colspan', 'rowspan', 'style'],
    th: ['colspan', 'rowspan', 'style'],
    font: ['color'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  // A picture may be inline (data:), which a pasted screenshot is; data: runs nothing in an <img>.
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
      'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
      'text-align': [/^(left|right|center|justify)$/],
      'font-weight': [/^(bold|normal|\d{3})$/],
      'font-style': [/^(italic|normal)$/],
      'text-decoration': [/^(underline|line-through|none)$/],
      'font-size': [/^\d{1,3}(px|pt|em|rem|%)$/],
    },
  },
  // A link that opens elsewhere cannot reach back into this page (window.opener).
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
});

// sanitize-html (with its HTML and CSS parsers, about 17 MiB resident) loads with the first notice saved,
// not with every server: most never write one.
let loaded: Promise<(content: string) => string> | undefined;
const sanitizer = () =>
  (loaded ??= import('sanitize-html').then(({ default: sanitizeHtml }) => {
    const chosen = options(sanitizeHtml.defaults);
    return (content: string) => sanitizeHtml(content, chosen);
  }));

/**
 * A notice's content as it may be shown to every user of the tenant: HTML with only harmless markup.
 * Plain text comes out as the same text, escaped (`a < b` is `a &lt; b`), so the web shows either as HTML.
 */
export async function sanitizeNoticeContent(content: string): Promise<string> {
  return (await sanitizer())(content);
}
