import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@pp/contract';

/** The first supported language of `Accept-Language` by preference, German by default. */
export function languageOf(request: FastifyRequest): Language {
  const header = request.headers['accept-language'];
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return {
        lang: tag.trim().toLowerCase().split('-')[0] ?? '',
        q: q ? Number(q.slice(2)) : 1,
        index,
      };
    })
    .filter((entry) => entry.q > 0 && !Number.isNaN(entry.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((entry) => entry.lang).find(isLanguage) ?? DEFAULT_LANGUAGE;
}

function isLanguage(value: string): value is Language {
  return LANGUAGES.some((language) => language === value);
}
