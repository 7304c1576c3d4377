/**
 * sessionStorage key of the practice chosen in this browser tab: it survives a reload of the tab
 * but not the tab itself (docs/product.md §2 allows this key).
 */
export const ACTIVE_PRACTICE_KEY = 'pp.active-practice';

export function chosenPracticeId(storage: Storage): string | null {
  try {
    return storage.getItem(ACTIVE_PRACTICE_KEY);
  } catch {
    return null;
  }
}

export function rememberChosenPractice(storage: Storage, companyId: string): void {
  try {
    storage.setItem(ACTIVE_PRACTICE_KEY, companyId);
  } catch {
    // Storage may be blocked; the choice then lasts until the next reload.
  }
}
