/** Collapses the whitespace of formatted markup, so assertions need not care about layout. */
export function normalizeHtml(html: string): string {
  return html
    .replace(/\s+/g, ' ')
    .replace(/>\s+/g, '>')
    .replace(/\s+</g, '<')
    .replace(/\s+(\/?>)/g, '$1')
    .trim();
}

/** The attributes of the input with this id. */
export function inputAttributes(html: string, id: string): string {
  return new RegExp(`<input id="${id}"([^>]*)>`).exec(normalizeHtml(html))?.[1] ?? '';
}
