import { PASSWORD_MAX, PASSWORD_MIN } from '../forms/password-rules.ts';
import { html, type SafeHtml } from './html.ts';

export interface InputField {
  id: string;
  name: string;
  label: string;
  type: 'email' | 'password';
  /** The standard token: `email`, `username`, `new-password`, `current-password`. */
  autocomplete: string;
  value?: string | undefined;
  /** The translated problem, tied to the input (`aria-describedby`, `aria-invalid`). */
  error?: string | undefined;
  hint?: string | undefined;
  autofocus?: boolean;
  readonly?: boolean;
}

function attr(name: string, value: string | undefined): SafeHtml | '' {
  return value === undefined ? '' : html` ${name}="${value}"`;
}

function flag(name: string, on: boolean | undefined): SafeHtml | '' {
  return on ? html` ${name}` : '';
}

/** A labelled input with its hint and error; passwords are never echoed back. */
export function field(input: InputField): SafeHtml {
  const hintId = input.hint ? `${input.id}-hint` : undefined;
  const errorId = input.error ? `${input.id}-error` : undefined;
  const describedBy = [errorId, hintId].filter((id) => id !== undefined).join(' ');
  const typeAttributes =
    input.type === 'email'
      ? html` inputmode="email" autocapitalize="none" spellcheck="false"
        maxlength="254"${attr('value', input.value)}`
      : html` minlength="${PASSWORD_MIN}" maxlength="${PASSWORD_MAX}"`;
  return html`<div class="field">
    <label for="${input.id}">${input.label}</label>
    <input
      id="${input.id}"
      name="${input.name}"
      type="${input.type}"
      autocomplete="${input.autocomplete}"
      ${typeAttributes}${flag('required', !input.readonly)}${flag('readonly', input.readonly)}${attr('aria-describedby', describedBy || undefined)}${attr('aria-invalid', input.error ? 'true' : undefined)}${flag('autofocus', input.autofocus)}
    />
    ${hintId ? html`<p class="hint" id="${hintId}">${input.hint}</p>` : ''}
    ${errorId ? html`<p class="field-error" id="${errorId}">${input.error}</p>` : ''}
  </div>`;
}

/** Hidden fields every form of ours carries (CSRF token, page language, a link's secret). */
export function hiddenFields(fields: Record<string, string>): SafeHtml {
  return html`${Object.entries(fields).map(
    ([name, value]) => html`<input type="hidden" name="${name}" value="${value}" />`,
  )}`;
}

/** A problem of the whole form, announced when the page loads. */
export function formAlert(lines: readonly string[]): SafeHtml | '' {
  if (lines.length === 0) return '';
  return html`<div class="alert" id="form-error" role="alert">
    ${lines.map((line) => html`<p>${line}</p>`)}
  </div>`;
}
