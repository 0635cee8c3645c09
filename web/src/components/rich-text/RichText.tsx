import './rich-text.css';

/**
 * Rich text the server has sanitized (a desk notice's content: no scripts, handlers or `javascript:`
 * links reach here), drawn as HTML. Plain text arrives escaped, and keeps its line breaks.
 */
export function RichText({ html, id }: { html: string; id?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitizes every notice's content on save
  return <div id={id} className="cw-rich-text" dangerouslySetInnerHTML={{ __html: html }} />;
}
