import { ESLintUtils } from '@typescript-eslint/utils';
import ts from 'typescript';

/**
 * A thenable that is not a promise — Fastify's reply is one — must not be awaited or be the
 * result of an async function: awaiting it waits for the answer to go out and then gives
 * `undefined`, so a caller that tests the result goes on as if nothing was sent. The provider's
 * second step was skipped that way (issue 41): `const page = await askForCode(…); if (page)
 * return page;` fell through to finishing the sign-in after the code page went out. TypeScript
 * does not see it (a reply's `then` resolves to nothing, which it types as `never`).
 */

const PROMISES = new Set(['Promise', 'PromiseLike']);

/** The types of a union, or the type itself. */
const partsOf = (type) => (type.isUnion() ? type.types : [type]);

/**
 * Whether a part of the type is a thenable whose `then` hands its callback no value — awaited, it
 * is `never` to TypeScript and `undefined` at run time. Query builders (drizzle) and promises
 * hand over their value and are left alone.
 */
function isEmptyThenable(checker, type) {
  return partsOf(type).some((part) => {
    if (part.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown | ts.TypeFlags.Never)) return false;
    if (!checker.getPropertyOfType(part, 'then')) return false;
    const awaited = checker.getAwaitedType(part);
    return awaited !== undefined && (awaited.flags & ts.TypeFlags.Never) !== 0;
  });
}

/** The value type of a `Promise<T>` (its type argument), else undefined. */
function promisedType(checker, type) {
  for (const part of partsOf(type)) {
    if (PROMISES.has(part.getSymbol()?.getName() ?? '')) {
      const [argument] = checker.getTypeArguments(part);
      if (argument) return argument;
    }
  }
  return undefined;
}

export const noThenableResult = ESLintUtils.RuleCreator.withoutDocs({
  meta: {
    type: 'problem',
    messages: {
      awaited:
        'This awaits a thenable that is not a promise (a Fastify reply?): the await gives undefined. Answer a value of your own (app/sent.ts).',
      promised:
        'A promise of a thenable (a Fastify reply?) never holds it: awaited, it gives undefined. Answer a value of your own (app/sent.ts).',
    },
    schema: [],
  },
  defaultOptions: [],
  create(context) {
    const services = ESLintUtils.getParserServices(context);
    const checker = services.program.getTypeChecker();
    const typeOf = (node) => services.getTypeAtLocation(node);

    function checkAnnotation(fn) {
      const annotation = fn.returnType?.typeAnnotation;
      if (!annotation) return;
      const promised = promisedType(checker, typeOf(annotation));
      if (promised && isEmptyThenable(checker, promised)) {
        context.report({ node: annotation, messageId: 'promised' });
      }
    }

    return {
      AwaitExpression(node) {
        const type = typeOf(node.argument);
        const promised = promisedType(checker, type);
        if (isEmptyThenable(checker, type) || (promised && isEmptyThenable(checker, promised))) {
          context.report({ node, messageId: 'awaited' });
        }
      },
      FunctionDeclaration: checkAnnotation,
      FunctionExpression: checkAnnotation,
      ArrowFunctionExpression: checkAnnotation,
      TSDeclareFunction: checkAnnotation,
      TSFunctionType: checkAnnotation,
    };
  },
});

export default { rules: { 'no-thenable-result': noThenableResult } };
