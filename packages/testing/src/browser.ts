interface StoredCookie {
  value: string;
  path: string;
}

/**
 * Just enough of a browser for the identity provider's flows: a cookie jar (by name and path, one
 * host) and requests that do not follow redirects, so each hop can be looked at.
 */
export class TestBrowser {
  private readonly cookies = new Map<string, StoredCookie>();

  constructor(
    readonly acceptLanguage = 'de-DE,de;q=0.9,en;q=0.8',
    /** Sent with every request, e.g. `x-forwarded-for` to act as another client address. */
    readonly extraHeaders: Record<string, string> = {},
  ) {}

  private cookieHeader(url: URL): string {
    return [...this.cookies.entries()]
      .filter(([, cookie]) => url.pathname.startsWith(cookie.path))
      .map(([key, cookie]) => `${key.split('\n')[0]}=${cookie.value}`)
      .join('; ');
  }

  private store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const attr = (key: string) =>
        attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
      const path = attr('path') ?? '/';
      const expires = attr('expires');
      const key = `${name}\n${path}`;
      if (value === '' || (expires && new Date(expires).getTime() < Date.now())) {
        this.cookies.delete(key);
      } else {
        this.cookies.set(key, { value, path });
      }
    }
  }

  cookieNames(): string[] {
    return [...this.cookies.keys()].map((key) => key.split('\n')[0] ?? '');
  }

  /** The value of the cookie `name`, if the browser holds one. */
  cookie(name: string): string | undefined {
    return [...this.cookies.entries()].find(([key]) => key.split('\n')[0] === name)?.[1].value;
  }

  /** Stores a cookie as a `Set-Cookie` header value would (what another page of the site set). */
  setCookie(header: string): void {
    this.store(new Response(null, { headers: { 'set-cookie': header } }));
  }

  clearCookies(): void {
    this.cookies.clear();
  }

  async request(url: string | URL, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url);
    const headers = new Headers({
      ...this.extraHeaders,
      ...Object.fromEntries(new Headers(init.headers)),
    });
    const cookie = this.cookieHeader(target);
    if (cookie) headers.set('cookie', cookie);
    if (!headers.has('accept-language') && this.acceptLanguage) {
      headers.set('accept-language', this.acceptLanguage);
    }
    const response = await fetch(target, { ...init, headers, redirect: 'manual' });
    this.store(response);
    return response;
  }

  get(url: string | URL, headers: Record<string, string> = {}): Promise<Response> {
    return this.request(url, { headers });
  }

  /** Posts a form as the page on `origin` would (with its Origin header). */
  postForm(url: string | URL, fields: Record<string, string>, origin?: string): Promise<Response> {
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
    };
    if (origin) headers['origin'] = origin;
    return this.request(url, { method: 'POST', headers, body: new URLSearchParams(fields) });
  }

  /** Follows redirects within `origin`; returns the last response and the URL it came from. */
  async follow(start: string | URL, origin: string): Promise<{ response: Response; url: URL }> {
    let url = new URL(start);
    let response = await this.get(url);
    while (response.status >= 300 && response.status < 400) {
      const next = new URL(response.headers.get('location') ?? '', url);
      await response.body?.cancel();
      if (next.origin !== origin) return { response, url: next };
      url = next;
      response = await this.get(url);
    }
    return { response, url };
  }
}
