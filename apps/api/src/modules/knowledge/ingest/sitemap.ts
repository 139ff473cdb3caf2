import { promisify } from "node:util";
import { gunzip } from "node:zlib";
import { blockedCause, type OutboundGuard, OutboundTooLargeError } from "../../../lib/outbound";

const gunzipAsync = promisify(gunzip);

/** A page a sitemap lists, with its `lastmod` (ISO) when the sitemap gives a valid one. */
export interface SitemapEntry {
  url: string;
  lastmod?: string;
}

/**
 * Bounds for reading a site's sitemaps, which are untrusted input: an index may list itself or
 * nest without end, a file may list millions of addresses or be a gzip bomb.
 */
export const SITEMAP_LIMITS = {
  /** An index of indexes of sitemaps is depth 2; deeper files are not read. */
  maxDepth: 3,
  /** Sitemap files fetched per crawl. */
  maxFiles: 50,
  /** Addresses read across all files (the protocol's own limit for one file). */
  maxUrls: 50_000,
  /** Bytes downloaded per file. */
  maxBytes: 10 * 1024 * 1024,
  /** Bytes a gzipped file may expand to (the protocol's limit for one file). */
  maxDecompressedBytes: 50 * 1024 * 1024,
};

export interface SitemapReadOptions {
  guard: OutboundGuard;
  /** The site: a sitemap or an address on any other origin is refused, never fetched. */
  origin: string;
  headers: Record<string, string>;
  timeoutMs: number;
  signal?: AbortSignal;
  /** A sitemap (or what it lists) that was not read or not used, and why. */
  onRefused: (url: string, reason: string) => Promise<void>;
  /** Whether the sitemap at this address was found at all is the caller's business (a 404 here). */
  quietWhenMissing?: boolean;
}

const count = new Intl.NumberFormat("en-US");
const mb = (bytes: number) => Math.round(bytes / (1024 * 1024));

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
function decode(raw: string): string {
  return raw
    .replace(/^\s*<!\[CDATA\[/, "")
    .replace(/\]\]>\s*$/, "")
    .replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => ENTITIES[e] ?? "")
    .trim();
}

/**
 * The `<loc>` and `<lastmod>` of each `<url>` or `<sitemap>` element, with a linear scan: tags are
 * matched with a bounded pattern, so a crafted file (unclosed elements, huge attributes) cannot
 * make it quadratic.
 */
export function parseSitemap(xml: string): { index: boolean; entries: SitemapEntry[] } {
  const index = /<\s*(?:[\w-]+:)?sitemapindex\b/i.test(xml.slice(0, 4096));
  const tag = /<(\/?)(?:[\w-]{1,30}:)?(url|sitemap|loc|lastmod)\b[^<>]{0,500}>/gi;
  const entries: SitemapEntry[] = [];
  let current: SitemapEntry | undefined;
  let field: { name: "loc" | "lastmod"; from: number } | undefined;
  for (let m = tag.exec(xml); m; m = tag.exec(xml)) {
    const closing = m[1] === "/";
    const name = (m[2] ?? "").toLowerCase();
    if (name === "url" || name === "sitemap") {
      if (!closing) current = { url: "" };
      else if (current) {
        if (current.url) entries.push(current);
        current = undefined;
      }
      field = undefined;
    } else if (!closing) field = { name: name as "loc" | "lastmod", from: tag.lastIndex };
    else if (field && current && field.name === name) {
      const value = decode(xml.slice(field.from, m.index));
      if (name === "loc") current.url = value;
      else {
        const at = Date.parse(value);
        if (!Number.isNaN(at)) current.lastmod = new Date(at).toISOString();
      }
      field = undefined;
    }
  }
  return { index, entries };
}

/** Whether an address names a sitemap rather than a page. */
export function looksLikeSitemap(url: URL): boolean {
  return /\.xml(\.gz)?$/i.test(url.pathname) || /sitemap[^/]*$/i.test(url.pathname);
}

/**
 * Reads sitemaps (and the sitemap indexes among them) from `roots`, same site only, within
 * SITEMAP_LIMITS. Returns the pages listed (deduplicated, first `maxUrls`), or undefined when no
 * root could be read as a sitemap. Refusals are told through `onRefused`; reading goes on with
 * the rest.
 */
export async function readSitemaps(
  roots: URL[],
  opts: SitemapReadOptions,
): Promise<{ entries: SitemapEntry[]; read: string[] } | undefined> {
  const seen = new Set<string>();
  const pages = new Map<string, SitemapEntry>();
  const read: string[] = [];
  let files = 0;
  let full = false;

  const fetchXml = async (url: URL): Promise<string | { reason: string; missing?: boolean }> => {
    let current = url;
    for (let hop = 0; ; hop++) {
      let res: Awaited<ReturnType<OutboundGuard["request"]>> | undefined;
      try {
        res = await opts.guard.request(current, {
          headers: opts.headers,
          signal: opts.signal,
          timeoutMs: opts.timeoutMs,
          maxBytes: SITEMAP_LIMITS.maxBytes,
          maxRedirects: 0,
        });
        const location = res.headers.get("location");
        if ([301, 302, 303, 307, 308].includes(res.status) && location) {
          await res.cancel();
          const next = new URL(location, current);
          if (next.origin !== opts.origin)
            return { reason: `It redirects to another site (${next.origin}).` };
          if (hop >= 5) return { reason: "It redirects too often." };
          current = next;
          continue;
        }
        if (!res.ok) {
          await res.cancel();
          return {
            reason: `The sitemap answered ${`${res.status} ${res.statusText}`.trim()}.`,
            missing: res.status === 404 || res.status === 410,
          };
        }
        const parts: Uint8Array[] = [];
        for await (const part of res.body()) parts.push(part);
        const body = Buffer.concat(parts);
        if (body[0] === 0x1f && body[1] === 0x8b) {
          try {
            return (
              await gunzipAsync(body, { maxOutputLength: SITEMAP_LIMITS.maxDecompressedBytes })
            ).toString("utf8");
          } catch (err) {
            if ((err as { code?: string }).code === "ERR_BUFFER_TOO_LARGE")
              return {
                reason: `The sitemap expands to more than ${mb(SITEMAP_LIMITS.maxDecompressedBytes)} MB; it was not read.`,
              };
            return { reason: "The sitemap is not valid gzip." };
          }
        }
        return body.toString("utf8");
      } catch (err) {
        await res?.cancel();
        if (opts.signal?.aborted) throw err;
        if (blockedCause(err)) return { reason: "It leads to a private or local address." };
        if (err instanceof OutboundTooLargeError)
          return { reason: `The sitemap is larger than ${mb(SITEMAP_LIMITS.maxBytes)} MB; it was not read.` };
        return { reason: "We couldn't read the sitemap." };
      }
    }
  };

  const visit = async (url: URL, depth: number, root: boolean): Promise<boolean> => {
    const key = url.toString();
    if (url.origin !== opts.origin) {
      await opts.onRefused(key, "The sitemap is on another site; it was not read.");
      return false;
    }
    if (seen.has(key)) {
      await opts.onRefused(key, "The sitemap is listed again (a loop); it was read once.");
      return false;
    }
    seen.add(key);
    if (depth >= SITEMAP_LIMITS.maxDepth) {
      await opts.onRefused(
        key,
        `Sitemap indexes nest more than ${SITEMAP_LIMITS.maxDepth} deep; this one was not read.`,
      );
      return false;
    }
    if (files >= SITEMAP_LIMITS.maxFiles) {
      await opts.onRefused(key, `More than ${SITEMAP_LIMITS.maxFiles} sitemaps; this one was not read.`);
      return false;
    }
    if (full) return false;
    files++;
    const xml = await fetchXml(url);
    if (typeof xml !== "string") {
      if (!(root && opts.quietWhenMissing && xml.missing)) await opts.onRefused(key, xml.reason);
      return false;
    }
    if (!/<\s*(?:[\w-]+:)?(urlset|sitemapindex)\b/i.test(xml.slice(0, 4096))) {
      if (!(root && opts.quietWhenMissing)) await opts.onRefused(key, "It is not a sitemap.");
      return false;
    }
    read.push(key);
    const { index, entries } = parseSitemap(xml);
    let offSitePages = 0;
    for (const entry of entries) {
      let next: URL;
      try {
        next = new URL(entry.url, url);
      } catch {
        continue;
      }
      if (next.protocol !== "http:" && next.protocol !== "https:") continue;
      next.hash = "";
      if (index) {
        await visit(next, depth + 1, false);
        continue;
      }
      if (next.origin !== opts.origin) {
        offSitePages++;
        continue;
      }
      if (pages.size >= SITEMAP_LIMITS.maxUrls) {
        if (!full)
          await opts.onRefused(
            key,
            `The sitemaps list more than ${count.format(SITEMAP_LIMITS.maxUrls)} addresses; only the first ${count.format(SITEMAP_LIMITS.maxUrls)} were read.`,
          );
        full = true;
        break;
      }
      if (!pages.has(next.toString())) pages.set(next.toString(), { ...entry, url: next.toString() });
    }
    if (offSitePages > 0)
      await opts.onRefused(
        key,
        offSitePages === 1
          ? "The sitemap lists 1 address on another site; it was left out."
          : `The sitemap lists ${count.format(offSitePages)} addresses on another site; they were left out.`,
      );
    return true;
  };

  let any = false;
  for (const root of roots) if (await visit(root, 0, true)) any = true;
  return any ? { entries: [...pages.values()], read } : undefined;
}
