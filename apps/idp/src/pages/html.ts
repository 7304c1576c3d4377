/** HTML that is already safe to emit (built by {@link html} or trusted markup). */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

type Value = SafeHtml | string | number | false | null | undefined | Value[];

function render(value: Value): string {
  if (value === false || value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(render).join('');
  if (value instanceof SafeHtml) return value.value;
  return escapeHtml(String(value));
}

/** Template tag: every interpolated value is escaped unless it is {@link SafeHtml}. */
export function html(strings: TemplateStringsArray, ...values: Value[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '');
  });
  return new SafeHtml(out);
}

/** Marks markup from a trusted source (oidc-provider's own logout form) as safe. */
export function trusted(markup: string): SafeHtml {
  return new SafeHtml(markup);
}
