import type Provider from 'oidc-provider';

const pending = new WeakMap<object, Promise<void>[]>();

/** Work the request must finish before its response is sent (`ctx`: the request's context). */
export function finishBeforeAnswer(ctx: object, work: Promise<void>): void {
  pending.set(ctx, [...(pending.get(ctx) ?? []), work]);
}

/** Holds each response until its request's work is done, including work that work started. */
export function awaitWorkBeforeAnswer(provider: Provider): void {
  provider.use(async (ctx, next) => {
    await next();
    for (let work = pending.get(ctx); work; work = pending.get(ctx)) {
      pending.delete(ctx);
      await Promise.all(work);
    }
  });
}
