import { inspect } from 'node:util';

const HIDDEN = '[secret]';

/**
 * A credential read from the environment (an adapter's client secret). It never shows itself:
 * not in string conversion, JSON (so not in pino's log lines), `util.inspect` or an error
 * message. Only {@link Secret.reveal} gives the value, for the one request that needs it.
 */
export class Secret {
  readonly #value: string;

  constructor(value: string) {
    this.#value = value;
  }

  reveal(): string {
    return this.#value;
  }

  toString(): string {
    return HIDDEN;
  }

  toJSON(): string {
    return HIDDEN;
  }

  [inspect.custom](): string {
    return HIDDEN;
  }
}
