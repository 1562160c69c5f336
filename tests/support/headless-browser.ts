interface Cookie {
  name: string;
  value: string;
  path: string;
}

/**
 * Just enough of a browser for an OAuth2 flow: cookies (by name and path), redirects
 * followed by hand, and HTML forms filled and posted — the way a person's browser goes
 * through a provider's sign-in and consent pages.
 */
export class HeadlessBrowser {
  private cookies: Cookie[] = [];

  private cookieHeader(url: URL): string {
    return this.cookies.filter((c) => url.pathname.startsWith(c.path)).map((c) => `${c.name}=${c.value}`).join('; ');
  }

  private keep(url: URL, response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const attr = (key: string) => attrs.find((a) => a.toLowerCase().startsWith(`${key}=`))?.split('=')[1];
      const path = attr('path') ?? url.pathname.replace(/\/[^/]*$/, '/');
      const expired = attr('max-age') === '0' || (attr('expires') !== undefined && Date.parse(attr('expires')!) < Date.now()) || value === '';
      this.cookies = this.cookies.filter((c) => c.name !== name || c.path !== path);
      if (!expired) this.cookies.push({ name, value, path });
    }
  }

  /** One request with the cookies of its URL; the answer's cookies are kept. */
  async request(url: URL, init: { method?: string; form?: Record<string, string> } = {}): Promise<Response> {
    const headers: Record<string, string> = { cookie: this.cookieHeader(url) };
    if (init.form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await fetch(url, { method: init.method ?? 'GET', headers, body: init.form ? new URLSearchParams(init.form) : undefined, redirect: 'manual' });
    this.keep(url, response);
    return response;
  }

  /**
   * Opens `start` and follows redirects; on a page with a form, `fill` gives the fields to
   * post (undefined: stop there). Answers the last URL reached and its page.
   */
  async browse(start: string, fill: (html: string) => Record<string, string> | undefined, maxSteps = 20): Promise<{ url: URL; status: number; html: string }> {
    let url = new URL(start);
    let init: { method?: string; form?: Record<string, string> } = {};
    for (let step = 0; step < maxSteps; step += 1) {
      const response = await this.request(url, init);
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        url = new URL(location, url);
        init = {};
        continue;
      }
      const html = await response.text();
      const action = /<form[^>]*action="([^"]+)"[^>]*method="post"/i.exec(html)?.[1];
      const fields = action ? fill(html) : undefined;
      if (!action || !fields) return { url, status: response.status, html };
      url = new URL(action.replace(/&amp;/g, '&'), url);
      init = { method: 'POST', form: fields };
    }
    throw new Error(`no end after ${maxSteps} steps at ${url}`);
  }
}

/** The prompt a devInteractions page asks for (`login` or `consent`), from its hidden field. */
export function promptOf(html: string): string | undefined {
  return /name="prompt" value="([a-z]+)"/.exec(html)?.[1];
}
