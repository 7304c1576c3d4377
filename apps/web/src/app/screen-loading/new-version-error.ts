/** The server runs another build than this tab: its index names chunks that exist. */
export class NewVersionError extends Error {
  override name = 'NewVersionError';
}
