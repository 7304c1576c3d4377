import { ownBuildId, serverBuildId } from './build-id.ts';
import { connectionStatus } from './connection-status.ts';
import { NewVersionError } from './new-version-error.ts';

/**
 * A screen's chunk that could not be fetched. Browsers word it differently; Vite's preload
 * helper has its own.
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|Unable to preload|error loading dynamically imported module/i.test(
    error.message,
  );
}

/** Waits before the 1st, 2nd, … retry (about half a minute in all); then the screen fails. */
const RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 15_000];

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function online(): Promise<void> {
  if (navigator.onLine) return Promise.resolve();
  return new Promise((resolve) =>
    window.addEventListener('online', () => resolve(), { once: true }),
  );
}

async function deployed(): Promise<boolean> {
  const own = ownBuildId();
  const served = await serverBuildId();
  return own !== undefined && served !== undefined && own !== served;
}

/**
 * Vite's preloader never asks twice for a stylesheet that failed to load (it remembers the
 * address): a fresh link element does. A failed stylesheet has no `sheet`.
 */
function refetchFailedStyles(): void {
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
    if (link.sheet === null) link.replaceWith(link.cloneNode());
  }
}

/**
 * Loads a screen's code again after its first try failed with `failure`. A reload helps only if
 * a new build is deployed (`NewVersionError`); a refused or lost request (503, offline) is tried
 * again with growing pauses, offline only once the browser is back online, while the frame says
 * so (decision 0055).
 */
export async function retryScreen<M>(load: () => Promise<M>, failure: unknown): Promise<M> {
  let error = failure;
  let retrying = false;
  try {
    for (const delay of RETRY_DELAYS_MS) {
      if (!isChunkLoadError(error)) throw error;
      if (await deployed()) throw new NewVersionError('a new build is deployed', { cause: error });
      if (!retrying) connectionStatus.beginRetry();
      retrying = true;
      await online();
      await pause(delay);
      refetchFailedStyles();
      try {
        return await load();
      } catch (next) {
        error = next;
      }
    }
    throw error;
  } finally {
    if (retrying) connectionStatus.endRetry();
  }
}
