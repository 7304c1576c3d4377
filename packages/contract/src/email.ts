import { z } from 'zod';

/** The local part of an address (`info` of `info@praxis.de`), lower-cased. */
export function localPart(email: string): string {
  const at = email.lastIndexOf('@');
  return (at < 0 ? email : email.slice(0, at)).trim().toLowerCase();
}

/** Whether the address uses one of the prohibited aliases, ignoring case and a `+tag`. */
export function usesProhibitedAlias(email: string, aliases: readonly string[]): boolean {
  const local = localPart(email).split('+')[0] ?? '';
  return aliases.some((alias) => alias.toLowerCase() === local);
}

export const EmailSchema = z.email().max(254);
