import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { ASSET_FILES, ASSETS_DIR } from '../pages/assets.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
};

type Encoding = 'br' | 'gzip';

/** A file as it goes out: as it is, and brotli and gzip copies where they are smaller. */
interface Asset {
  type: string;
  identity: Buffer;
  copies: Partial<Record<Encoding, Buffer>>;
}

function loadAsset(file: string): Asset {
  const identity = readFileSync(path.resolve(ASSETS_DIR, file));
  const type = CONTENT_TYPES[path.extname(file)];
  if (!type) throw new Error(`no content type for the page file ${file}`);
  const compressed = {
    br: brotliCompressSync(identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }),
    gzip: gzipSync(identity, { level: 9 }),
  };
  const copies: Asset['copies'] = {};
  for (const encoding of ['br', 'gzip'] as const) {
    if (compressed[encoding].length < identity.length) copies[encoding] = compressed[encoding];
  }
  return { type, identity, copies };
}

/** The encodings `Accept-Encoding` allows (q > 0); `*` stands for any not named. */
function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  const refused = new Set<string>();
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim());
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    (q !== undefined && Number(q.slice(2)) <= 0 ? refused : accepted).add(name);
  }
  if (accepted.has('*'))
    for (const name of ['br', 'gzip']) if (!refused.has(name)) accepted.add(name);
  return accepted;
}

function sendAsset(asset: Asset, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const accepted = acceptedEncodings(request.headers['accept-encoding']);
  const encoding = (['br', 'gzip'] as const).find(
    (name) => accepted.has(name) && asset.copies[name],
  );
  void reply.headers({
    'cache-control': IMMUTABLE,
    'content-type': asset.type,
    vary: 'accept-encoding',
  });
  if (!encoding) return reply.send(asset.identity);
  return reply.header('content-encoding', encoding).send(asset.copies[encoding]);
}

/**
 * The pages' stylesheet and sign-out script under content-addressed names, so browsers keep them
 * for a year without asking again, compressed once at start (brotli or gzip, by
 * `Accept-Encoding`); and an empty answer for the favicon.
 */
export async function staticAssets(app: FastifyInstance): Promise<void> {
  for (const [urlPath, file] of Object.entries(ASSET_FILES)) {
    const asset = loadAsset(file);
    app.get(urlPath, (request, reply) => sendAsset(asset, request, reply));
  }
  // Browsers ask for it on every page; no icon, and no 404 in their console.
  app.get('/favicon.ico', (_request, reply) =>
    reply.code(204).header('cache-control', 'public, max-age=86400').send(),
  );
}
