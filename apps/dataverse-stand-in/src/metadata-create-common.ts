import { errors } from './errors.ts';
import type { LabelJson, MetadataState } from './metadata-model.ts';

// What the definition-creating requests (`metadata-create.ts`, `metadata-create-option-sets.ts`,
// `metadata-create-relationships.ts`, `metadata-rows.ts`) share: reading the body, and
// MSCRM.SolutionUniqueName, which adds what is created to that unmanaged solution; its
// publisher's prefix is the one names must carry. Answers: 204 with OData-EntityId.

export type Json = Record<string, unknown>;
export type Answer = { status: number; headers?: Record<string, string>; body?: unknown };

export function object(body: unknown, what: string): Json {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw errors.badRequest(`The request body must be a JSON object (${what}).`);
  }
  return body as Json;
}

export function text(json: Json, name: string, type: string): string {
  const value = json[name];
  if (typeof value !== 'string' || !value.trim()) {
    throw errors.badRequest(`${type}.${name} is required.`);
  }
  return value;
}

export function label(json: Json, name: string, type: string): LabelJson {
  const value = json[name] as { LocalizedLabels?: unknown } | undefined;
  const labels = value?.LocalizedLabels;
  if (
    !Array.isArray(labels) ||
    labels.length === 0 ||
    !labels.every(
      (l: { Label?: unknown; LanguageCode?: unknown }) =>
        typeof l?.Label === 'string' && Number.isInteger(l.LanguageCode),
    )
  ) {
    throw errors.badRequest(
      `${type}.${name} must be a Label with LocalizedLabels (Label and LanguageCode).`,
    );
  }
  return { LocalizedLabels: labels as LabelJson['LocalizedLabels'] };
}

export function typeIs(json: Json, expected: string): boolean {
  return (
    String(json['@odata.type'] ?? '').replace(/^#/, '') === `Microsoft.Dynamics.CRM.${expected}`
  );
}

export function textOf(labelJson: LabelJson, language: number): string {
  const labels = labelJson.LocalizedLabels;
  return (labels.find((l) => l.LanguageCode === language) ?? labels[0])?.Label ?? '';
}

export const created = (location: string): Answer => ({
  status: 204,
  headers: { 'odata-entityid': location },
});

/** The metadata state with the solution rules every created definition follows. */
export interface CreateContext {
  state: MetadataState;
  /** The publisher of the named solution, or of any, when no solution is named. */
  publisherFor(solution: string | undefined): Json[];
  /** The publisher whose customization prefix `name` carries; a 400 when none does. */
  checkPrefix(name: string, solution: string | undefined, type: string): Json;
  /** Adds the component to the named solution, if one is named. */
  remember(id: string, solution: string | undefined): void;
}

export function createContext(state: MetadataState): CreateContext {
  /** The publisher of the named solution, or of any, when no solution is named. */
  function publisherFor(solution: string | undefined): Json[] {
    if (solution === undefined) return state.publishers;
    const row = state.solutions.find((s) => s.uniquename === solution);
    if (!row) throw errors.badRequest(`The solution '${solution}' does not exist.`);
    return state.publishers.filter((p) => p.publisherid === row._publisherid_value);
  }

  function checkPrefix(name: string, solution: string | undefined, type: string) {
    const publishers = publisherFor(solution);
    if (!publishers.some((p) => name.startsWith(`${String(p.customizationprefix)}_`))) {
      const prefixes = publishers.map((p) => `${String(p.customizationprefix)}_`).join(', ');
      throw errors.badRequest(
        `${type}.SchemaName '${name}' must begin with the customization prefix of the solution's publisher (${prefixes}).`,
      );
    }
    return publishers[0]!;
  }

  function remember(id: string, solution: string | undefined) {
    if (solution) state.components.set(id, solution);
  }

  return { state, publisherFor, checkPrefix, remember };
}
