import type { IncomingMessage, ServerResponse } from 'node:http';

export interface SeenCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  authorization: string | undefined;
}

export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

export function answer(response: ServerResponse, status: number, body?: unknown): true {
  if (body === undefined) {
    response.writeHead(status).end();
  } else {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  }
  return true;
}

/** The parts of a request a stand-in judges and a test looks at afterwards. */
export async function seen(request: IncomingMessage): Promise<SeenCall> {
  const url = new URL(request.url ?? '/', 'http://stand-in');
  const text = await readBody(request);
  const type = request.headers['content-type'] ?? '';
  let body: unknown = text;
  if (type.startsWith('application/json')) body = JSON.parse(text);
  if (type.startsWith('application/x-www-form-urlencoded')) {
    body = Object.fromEntries(new URLSearchParams(text));
  }
  return {
    method: request.method ?? 'GET',
    path: url.pathname,
    query: url.searchParams,
    body,
    authorization: request.headers.authorization,
  };
}
