import type { Customer } from '@pp/contract';
import { chosenPracticeId, rememberChosenPractice } from './active-practice-storage.ts';
import { chooseActiveCompany, isSelectable, sortCompanies, type Company } from './companies.ts';

/** The specification's UI state (§3): isLoading, token, active company and customer, location. */
export interface UiState {
  /** Operations running now; the global spinner shows while this is above 0. */
  loadingCount: number;
  /** The access token of the last call; it lives in memory only. */
  token: string | undefined;
  activeCustomer: Customer | undefined;
  /** The customer's practices, primary first. */
  companies: readonly Company[];
  activeCompany: Company | undefined;
  /** The location a screen is showing (set by the location screens). */
  displayingLocationId: string | undefined;
}

export interface UiStore {
  getState(): UiState;
  subscribe(listener: () => void): () => void;
  startLoading(): void;
  /** Ends one operation; the counter never goes below 0, even for an unmatched call. */
  stopLoading(): void;
  setToken(token: string | undefined): void;
  /** Sets the customer and picks the active practice among their selectable ones. */
  setCustomer(customer: Customer | undefined): void;
  /** Switches the active practice for this tab; ignored for a practice the user cannot open. */
  switchCompany(companyId: string): void;
  setDisplayingLocation(locationId: string | undefined): void;
}

export const INITIAL_UI_STATE: UiState = {
  loadingCount: 0,
  token: undefined,
  activeCustomer: undefined,
  companies: [],
  activeCompany: undefined,
  displayingLocationId: undefined,
};

/** `tabStorage` keeps the practice switch of this tab (sessionStorage in the browser). */
export function createUiStore(tabStorage: Storage): UiStore {
  let state = INITIAL_UI_STATE;
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
    setCustomer(customer) {
      if (!customer)
        return update({ activeCustomer: undefined, companies: [], activeCompany: undefined });
      const companies = sortCompanies(customer.associatedCompanies.companyVms, customer.companyId);
      const activeCompany = chooseActiveCompany(
        companies,
        customer.companyId,
        chosenPracticeId(tabStorage),
      );
      update({ activeCustomer: customer, companies, activeCompany });
    },
    switchCompany(companyId) {
      const company = state.companies.find((candidate) => candidate.companyId === companyId);
      if (!company || !isSelectable(company)) return;
      rememberChosenPractice(tabStorage, companyId);
      update({ activeCompany: company });
    },
    setDisplayingLocation: (displayingLocationId) => update({ displayingLocationId }),
  };
}
