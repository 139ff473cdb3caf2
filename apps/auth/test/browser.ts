import type { FastifyInstance } from "fastify";
import { AUTH_URL } from "./harness";

export interface BrowserResponse {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
  json<T = Record<string, unknown>>(): T;
  location: string | undefined;
}

type Body = { json: unknown } | { form: Record<string, string> } | undefined;

/**
 * A browser on the auth host, driven through `app.inject`: keeps cookies like a browser does
 * (per name, dropped when expired, Max-Age and Expires counted from the clock when they were
 * set), and sends an Origin header on POSTs like the auth UI page.
 */
export class Browser {
  readonly cookies = new Map<string, string>();
  /** When each cookie with a lifetime expires (ms since the epoch); session cookies have none. */
  private readonly expiries = new Map<string, number>();
  constructor(
    private readonly app: () => FastifyInstance,
    readonly origin: string = AUTH_URL,
  ) {}

  get(url: string, headers: Record<string, string> = {}) {
    return this.request("GET", url, undefined, headers);
  }

  post(url: string, json?: unknown, headers: Record<string, string> = {}) {
    return this.request("POST", url, json === undefined ? undefined : { json }, headers);
  }

  postForm(url: string, form: Record<string, string>, headers: Record<string, string> = {}) {
    return this.request("POST", url, { form }, headers);
  }

  cookieHeader(): string {
    this.dropExpired();
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  /** The raw Set-Cookie line a response sent for `name` (the last one), for attribute checks. */
  static setCookie(response: BrowserResponse, name: string): string | undefined {
    const raw = response.headers["set-cookie"];
    const lines = Array.isArray(raw) ? raw : typeof raw === "string" ? [raw] : [];
    return lines.filter((line) => line.startsWith(`${name}=`)).at(-1);
  }

  private dropExpired() {
    const now = Date.now();
    for (const [name, at] of this.expiries) {
      if (at > now) continue;
      this.cookies.delete(name);
      this.expiries.delete(name);
    }
  }

  sessionToken(): string | undefined {
    const raw = this.cookies.get("better-auth.session_token");
    return raw ? decodeURIComponent(raw).split(".")[0] : undefined;
  }

  async request(method: "GET" | "POST", url: string, body: Body, extra: Record<string, string> = {}) {
    const target = new URL(url, AUTH_URL);
    if (target.origin !== AUTH_URL)
      throw new Error(`Browser only talks to ${AUTH_URL}, not ${target.origin}`);
    const headers: Record<string, string> = {};
    const cookie = this.cookieHeader();
    if (cookie) headers.cookie = cookie;
    if (method === "POST") headers.origin = this.origin;
    let payload: string | undefined;
    if (body && "json" in body) {
      headers["content-type"] = "application/json";
      payload = JSON.stringify(body.json);
    } else if (body && "form" in body) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      payload = new URLSearchParams(body.form).toString();
    }
    Object.assign(headers, extra);
    for (const [k, v] of Object.entries(headers)) if (v === "") delete headers[k];
    const res = await this.app().inject({
      method,
      url: `${target.pathname}${target.search}`,
      headers,
      ...(payload !== undefined ? { payload } : {}),
    });
    this.store(res.headers["set-cookie"]);
    const location = typeof res.headers.location === "string" ? res.headers.location : undefined;
    return {
      status: res.statusCode,
      headers: res.headers,
      body: res.body,
      json: <T>() => JSON.parse(res.body) as T,
      location,
    } satisfies BrowserResponse;
  }

  private store(setCookie: string | string[] | undefined) {
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair = "", ...attrs] = line.split(";").map((s) => s.trim());
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const maxAge = attrs.find((a) => /^max-age=/i.test(a));
      const expires = attrs.find((a) => /^expires=/i.test(a));
      // Max-Age wins over Expires, as in browsers.
      const expiresAt =
        maxAge !== undefined
          ? Date.now() + Number(maxAge.split("=")[1]) * 1000
          : expires !== undefined
            ? new Date(expires.slice(8)).getTime()
            : undefined;
      if (value === "" || (expiresAt !== undefined && expiresAt <= Date.now())) {
        this.cookies.delete(name);
        this.expiries.delete(name);
        continue;
      }
      this.cookies.set(name, value);
      if (expiresAt === undefined) this.expiries.delete(name);
      else this.expiries.set(name, expiresAt);
    }
  }
}
