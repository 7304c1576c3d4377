// Plain node:http: reading, recording and answering a request, and a restartable server.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Answer } from './context.ts';
import { DataverseError, errors } from './errors.ts';
import { parseQuery } from './odata.ts';
import type { SeenRequest } from './options.ts';

/**
 * The longest URL Dataverse takes (Microsoft Learn: "Compose HTTP requests and handle errors",
 * maximum URL length, webapi/compose-http-requests-handle-errors): 32 KB.
 */
export const MAX_URL_LENGTH = 32_768;

/** Answers a request: its decoded path, query options, text and body (JSON parsed). */
export type Route = (
  request: IncomingMessage,
  path: string,
  query: Map<string, string>,
  text: string,
  body: unknown,
) => Promise<Answer>;

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: ServerResponse, answer: Answer, odata: boolean) {
  const headers: Record<string, string> = { ...(answer.headers ?? {}) };
  if (odata) headers['odata-version'] = '4.0';
  if (answer.body === undefined) {
    response.writeHead(answer.status, headers).end();
    return;
  }
  headers['content-type'] = odata
    ? 'application/json; odata.metadata=minimal'
    : 'application/json; charset=utf-8';
  response.writeHead(answer.status, headers).end(JSON.stringify(answer.body));
}

/** A request handler that records each request in `seen` (keeping the last `seenLimit`). */
export function requestHandler(route: Route, seen: SeenRequest[], seenLimit: number) {
  return async function handle(request: IncomingMessage, response: ServerResponse) {
    const raw = request.url ?? '/';
    const questionMark = raw.indexOf('?');
    const rawPath = questionMark < 0 ? raw : raw.slice(0, questionMark);
    const search = questionMark < 0 ? '' : raw.slice(questionMark);
    const path = decodeURIComponent(rawPath);
    const text = await readBody(request);
    const type = request.headers['content-type'] ?? '';
    let body: unknown = text.length > 0 ? text : undefined;
    const h = request.headers;
    const entry: SeenRequest = {
      method: request.method ?? 'GET',
      path,
      query: {},
      headers: {
        authorization: h.authorization,
        prefer: typeof h.prefer === 'string' ? h.prefer : undefined,
        'if-match': h['if-match'],
        'if-none-match': h['if-none-match'],
        'content-type': h['content-type'],
        traceparent: typeof h.traceparent === 'string' ? h.traceparent : undefined,
      },
      body,
    };
    // The test controls are not Dataverse's: a test reading `seen` wants the clients' requests.
    if (!path.startsWith('/_stand-in/')) seen.push(entry);
    if (seen.length > seenLimit) seen.splice(0, seen.length - seenLimit);
    const odata = path.startsWith('/api/data/');
    try {
      const query = parseQuery(search);
      entry.query = Object.fromEntries(query);
      if (text.length > 0 && type.startsWith('application/json')) {
        try {
          body = JSON.parse(text);
        } catch {
          throw errors.badRequest('The request body is not valid JSON.');
        }
        entry.body = body;
      }
      const answer = await route(request, path, query, text, body);
      entry.status = answer.status;
      send(response, answer, odata);
    } catch (error) {
      const failure =
        error instanceof DataverseError
          ? error
          : new DataverseError(
              500,
              '0x80040216',
              error instanceof Error ? error.message : String(error),
            );
      entry.status = failure.status;
      send(
        response,
        { status: failure.status, headers: failure.headers, body: failure.toJSON() },
        odata,
      );
    }
  };
}

/** An HTTP server on `host` that `close` stops (cutting open connections) and `listen` restarts. */
export class RestartableServer {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();

  constructor(
    private readonly host: string,
    private readonly handle: (request: IncomingMessage, response: ServerResponse) => Promise<void>,
  ) {}

  get listening(): boolean {
    return this.server !== null;
  }

  /** Listens on `port` (0: a free one) and gives the port. */
  listen(port: number): Promise<number> {
    const server = this.make();
    this.server = server;
    return new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, this.host, () => {
        server.off('error', reject);
        resolve((server.address() as AddressInfo).port);
      });
    });
  }

  async close(): Promise<void> {
    const server = this.server;
    if (server) {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of this.sockets) socket.destroy();
      });
    }
    this.server = null;
  }

  private make(): Server {
    // Node's own limit of a request's head (16 KB) would refuse a URL Dataverse takes.
    const server = createServer({ maxHeaderSize: 2 * MAX_URL_LENGTH }, (request, response) => {
      this.handle(request, response).catch((error: unknown) => {
        response.destroy(error instanceof Error ? error : new Error(String(error)));
      });
    });
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    return server;
  }
}
