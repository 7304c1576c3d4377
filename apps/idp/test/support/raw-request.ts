import { request as httpRequest } from 'node:http';

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * A GET with headers `fetch` may not send, such as another `Host`: what a client that is not a
 * browser, or a proxy, puts on the wire.
 */
export function rawGet(url: string, path: string, headers: Record<string, string>) {
  const { hostname, port } = new URL(url);
  return new Promise<RawAnswer>((resolve, reject) => {
    const request = httpRequest({ hostname, port, path, method: 'GET', headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

/** The `Set-Cookie` lines of an answer. */
export function setCookies(answer: RawAnswer): string[] {
  const value = answer.headers['set-cookie'];
  return value === undefined ? [] : [value].flat();
}
