import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AdapterPayload } from 'oidc-provider';

/** A stored session or interaction as one request read it, or last saved it. */
export interface SeenPayload {
  version: number;
  /** The payload stored at that version. */
  stored: AdapterPayload;
  /**
   * The payload as the request's model had it then: what it changes since is its own change
   * (after a save applied onto a newer version, `stored` also holds the other request's).
   */
  view: AdapterPayload;
}

/**
 * What one request has read of the versioned models, by model and id. oidc-provider hands its
 * adapter no request, so the request's scope travels with its asynchronous work instead.
 */
export type SeenPayloads = Map<string, SeenPayload>;

const storage = new AsyncLocalStorage<SeenPayloads>();

/** The current request's record; undefined outside a request (a script, the api's seed). */
export function seenPayloads(): SeenPayloads | undefined {
  return storage.getStore();
}

/** Runs `work` with a record of its own, as one request. */
export function inPayloadScope<T>(work: () => T): T {
  return storage.run(new Map(), work);
}

/**
 * Gives every request of a Fastify instance a record of its own, for our pages and for
 * oidc-provider alike. A stream's events (the body being read) run in the context of whoever
 * emits them, so the scope is entered again after the body was parsed, as
 * `@fastify/request-context` does.
 */
export function payloadScopeHooks(app: FastifyInstance) {
  const resources = new WeakMap<FastifyRequest, AsyncResource>();
  app.addHook('onRequest', (request, _reply, done) => {
    inPayloadScope(() => {
      const resource = new AsyncResource('pp-payload-scope');
      resources.set(request, resource);
      resource.runInAsyncScope(done);
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const resource = resources.get(request);
    if (resource) resource.runInAsyncScope(done);
    else done();
  });
}
