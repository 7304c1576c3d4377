// The Dataverse client's copy of the global option sets, read again when old or missing a value.
import type { EntityMapping } from './mapping.ts';
import {
  OptionMiss,
  optionSetsOf,
  optionsOf,
  type OptionEntry,
  type OptionSets,
} from './values.ts';
import { refusal, type DataverseWebApi } from './web-api.ts';

/** Option sets are read again after this long, and at once for a value they do not know. */
const OPTION_SETS_TTL_MS = 60 * 60_000;
/** …but not more often than this, so that a page full of an unknown value asks once. */
const OPTION_SETS_RELOAD_MIN_MS = 60_000;

export interface OptionSetCache {
  /** Reads one global option set (and keeps it). */
  fetch(name: string): Promise<readonly OptionEntry[]>;
  /** Runs a translation with the option sets it needs, reading them again for a value it misses. */
  withOptionSets<T>(
    spec: EntityMapping,
    translate: (sets: OptionSets, strict: boolean) => T,
  ): Promise<T>;
}

export function optionSetCache(api: DataverseWebApi): OptionSetCache {
  const optionSets = new Map<string, readonly OptionEntry[]>();
  const loadedAt = new Map<string, number>();

  /**
   * Reads under way, by name: writes pushed side by side need the same option sets, and each
   * request counts against the service protection limits, so they wait for one read (issue 46).
   */
  const reading = new Map<string, Promise<readonly OptionEntry[]>>();

  function fetchOptionSet(name: string): Promise<readonly OptionEntry[]> {
    const pending = reading.get(name);
    if (pending) return pending;
    // Dropped once settled: a failed read is not kept, so the next lookup asks again.
    const read = readOptionSet(name).finally(() => reading.delete(name));
    reading.set(name, read);
    return read;
  }

  async function readOptionSet(name: string): Promise<readonly OptionEntry[]> {
    // Microsoft Learn: "Reference Dataverse schema definitions by name or MetadataId"
    // (webapi/retrieve-metadata-name-metadataid): global option sets by their Name.
    const answer = await api.send('GET', `GlobalOptionSetDefinitions(Name='${name}')`);
    if (answer.status !== 200) throw refusal(answer, `reading the option set ${name}`);
    const options = optionsOf(answer.body);
    optionSets.set(name, options);
    loadedAt.set(name, Date.now());
    return options;
  }

  async function loadOptionSets(names: string[], when: (name: string) => boolean) {
    await Promise.all(names.filter(when).map(fetchOptionSet));
  }

  async function withOptionSets<T>(
    spec: EntityMapping,
    translate: (sets: OptionSets, strict: boolean) => T,
  ): Promise<T> {
    const names = optionSetsOf(spec);
    const now = Date.now();
    await loadOptionSets(names, (name) => now - (loadedAt.get(name) ?? 0) > OPTION_SETS_TTL_MS);
    try {
      return translate(optionSets, true);
    } catch (error) {
      if (!(error instanceof OptionMiss)) throw error;
    }
    await loadOptionSets(
      names,
      (name) => Date.now() - (loadedAt.get(name) ?? 0) > OPTION_SETS_RELOAD_MIN_MS,
    );
    return translate(optionSets, false);
  }

  return { fetch: fetchOptionSet, withOptionSets };
}
