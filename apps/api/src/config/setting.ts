import { z } from 'zod';

// What each part of the configuration (`config/<area>.ts`) is made of: its settings, each an
// environment variable with its schema, its default and what it does. `config.ts` checks the
// environment against them at start; `npm run docs:config` writes docs/configuration.md from them.

/** One environment variable. */
export interface Setting<S extends z.ZodType = z.ZodType> {
  schema: S;
  /** The default as an operator reads it (Markdown); absent: unset. */
  default?: string;
  /** What it does and when to set it, in one or two sentences (Markdown). */
  description: string;
}

export type Settings = Record<string, Setting>;

/** A part of the configuration: one section of docs/configuration.md. */
export interface SettingsArea {
  title: string;
  /** What the part is about, in a sentence above its settings. */
  about: string;
  settings: Settings;
}

type Shape<S extends Settings> = { [K in keyof S]: S[K]['schema'] };

/** The schemas of an area's settings, for the environment's object schema. */
export function shapeOf<S extends Settings>(settings: S): Shape<S> {
  const entries = Object.entries(settings).map(([name, setting]) => [name, setting.schema]);
  return Object.fromEntries(entries) as Shape<S>;
}

// Messages name the variable and what it accepts, never the value: URLs may hold passwords.

const TRUE_VALUES = ['true', '1', 'yes'];
export const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => TRUE_VALUES.includes(v));

export const wholeNumber = (min: number, max: number, message: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, { error: message })
    .transform(Number)
    .pipe(z.number().min(min, { error: message }).max(max, { error: message }));

export const port = (fallback: number) =>
  wholeNumber(1, 65535, 'must be a port number from 1 to 65535').default(fallback);

export const httpUrl = z.url({
  protocol: /^https?$/,
  error: 'must be an http:// or https:// URL',
  abort: true,
});

export const origin = httpUrl.refine(
  (value) => {
    const url = new URL(value);
    return url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  },
  { error: 'must be an origin such as https://portal.example.com, without a path' },
);
