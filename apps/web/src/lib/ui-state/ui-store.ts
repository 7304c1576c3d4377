import type { RoutePath } from '@pp/contract';
import { chosenPracticeId, rememberChosenPractice } from './active-practice-storage.ts';

/**
 * A message for the user above the content of `path`, shown until they close it or leave that
 * page; it lives in memory only, so a reload never brings it back.
 */
export interface Notice {
  /** A translation key. */
  messageKey: string;
  path: RoutePath;
}

/**
 * What the browser itself knows (docs/specification.md §3). Server data (customer, practices,
 * picklists) is not here: screens read it from the query cache (`use-customer.ts`).
 */
export interface UiState {
  /** Operations running now; the global spinner shows while this is above 0. */
  loadingCount: number;
  /** The access token of the last call; it lives in memory only. */
  token: string | undefined;
  /** The practice chosen in this tab, or null: then the primary one is active. */
  chosenCompanyId: string | null;
  /** The location a screen is showing (set by the location screens). */
  displayingLocationId: string | undefined;
  notice: Notice | undefined;
  /**
   * The active practice requires a second factor that the sign-in did not have: a call on its
   * data answered `second_factor_required` (decision 0069). Its screens explain and offer the
   * setup instead, and the dashboard keeps a notice and marks their shortcuts; a practice call
   * that succeeds again, or another practice, ends it.
   */
  secondFactorRequired: boolean;
}

export interface UiStore {
  getState(): UiState;
  subscribe(listener: () => void): () => void;
  startLoading(): void;
  /** Ends one operation; the counter never goes below 0, even for an unmatched call. */
  stopLoading(): void;
  setToken(token: string | undefined): void;
  /** Chooses the active practice for this tab (and its reloads). */
  chooseCompany(companyId: string): void;
  setDisplayingLocation(locationId: string | undefined): void;
  showNotice(notice: Notice): void;
  /** Removes this notice; a newer one stays. */
  dismissNotice(notice: Notice): void;
  setSecondFactorRequired(required: boolean): void;
}

export const INITIAL_UI_STATE: UiState = {
  loadingCount: 0,
  token: undefined,
  chosenCompanyId: null,
  displayingLocationId: undefined,
  notice: undefined,
  secondFactorRequired: false,
};

/** `tabStorage` keeps the practice chosen in this tab (sessionStorage in the browser). */
export function createUiStore(tabStorage: Storage): UiStore {
  let state: UiState = { ...INITIAL_UI_STATE, chosenCompanyId: chosenPracticeId(tabStorage) };
  const listeners = new Set<() => void>();
  const update = (changes: Partial<UiState>) => {
    state = { ...state, ...changes };
    for (const listener of listeners) listener();
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    startLoading: () => update({ loadingCount: state.loadingCount + 1 }),
    stopLoading: () => update({ loadingCount: Math.max(0, state.loadingCount - 1) }),
    setToken: (token) => update({ token }),
    chooseCompany(companyId) {
      rememberChosenPractice(tabStorage, companyId);
      update({ chosenCompanyId: companyId, secondFactorRequired: false });
    },
    setDisplayingLocation: (displayingLocationId) => update({ displayingLocationId }),
    showNotice: (notice) => update({ notice }),
    dismissNotice(notice) {
      if (state.notice === notice) update({ notice: undefined });
    },
    setSecondFactorRequired(secondFactorRequired) {
      if (state.secondFactorRequired !== secondFactorRequired) update({ secondFactorRequired });
    },
  };
}
