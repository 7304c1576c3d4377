import { calls } from '@pp/contract';
import { languageOf } from '../../lib/http/language.ts';
import { picklistsIn } from '../../lib/reference-data/picklists.ts';
import { defineRoute } from '../../routing/route.ts';

export default defineRoute(calls.customerGetPicklists, async (request, reply) => {
  const language = languageOf(request);
  const picklists = await picklistsIn(request.server.db, language);
  void reply.header('content-language', language).header('vary', 'Accept-Language');
  return picklists;
});
