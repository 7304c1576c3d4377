/**
 * An address shown to somebody it does not belong to: the first character of the local part and
 * the domain (`m***@example.com`), enough for its owner to recognise, too little for a stranger
 * to write to (issue 22, point 1; decision 0058).
 */
export function maskedAddress(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}
