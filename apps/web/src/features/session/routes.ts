/**
 * Which paths need a session (spec §2) and where to go after signing in. Pure functions, except
 * the two sessionStorage helpers at the end.
 */

/** Spec §2, word for word. */
export const SPEC_PUBLIC_ROUTES = [
  "/auth/callback",
  "/",
  "/pricing",
  "/services",
  "/contact",
  "/faq",
  "/terms-conditions",
  "/widget/chat/:chatbotId",
  "/widget",
  "/widget/chat",
] as const;

export const DEFAULT_SIGNED_IN_PATH = "/dashboard";

/** `"/launch, /partners/:slug ,"` → `["/launch", "/partners/:slug"]`; entries must start with "/". */
export function parsePublicRoutes(value: string | undefined): string[] {
  if (!value) return [];
  return value
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry.startsWith("/"));
}

function segments(path: string): string[] {
  return path.split("/").filter(Boolean);
}

/**
 * Route pattern match: `:name` matches one non-empty segment, a final `*` matches the rest
 * (including nothing); everything else must be equal. Trailing slashes do not matter.
 */
export function matchesRoute(pattern: string, pathname: string): boolean {
  const want = segments(pattern);
  const have = segments(pathname);
  for (let i = 0; i < want.length; i += 1) {
    const part = want[i];
    if (part === "*" && i === want.length - 1) return true;
    const actual = have[i];
    if (actual === undefined) return false;
    if (part?.startsWith(":")) continue;
    if (part !== actual) return false;
  }
  return have.length === want.length;
}

const configuredPublicRoutes = parsePublicRoutes(import.meta.env.VITE_PUBLIC_ROUTES);

/**
 * Public: the spec's list, any path under /widget/, the development pages under /_dev, and the
 * configured list (`VITE_PUBLIC_ROUTES`). Everything else needs a session, unknown paths included
 * (spec §2: "All other routes require sign-in"): signed out they go to the auth app, signed in
 * they show the app's "Page not found".
 */
export function isPublicPath(
  pathname: string,
  configured: readonly string[] = configuredPublicRoutes,
): boolean {
  if (pathname.startsWith("/widget/")) return true;
  if (pathname === "/_dev" || pathname.startsWith("/_dev/")) return true;
  return [...SPEC_PUBLIC_ROUTES, ...configured].some((pattern) => matchesRoute(pattern, pathname));
}

/**
 * A place inside this app to return to after signing in, or null. Only same-origin paths: an
 * absolute or protocol-relative URL (`//evil.example`, `/\evil.example`, `https:evil.example`)
 * would be an open redirect, and returning to the callback itself would loop.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value?.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  // Control characters (a tab or newline inside "/\t/evil.example") are dropped by URL parsers.
  if ([...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return null;
  let url: URL;
  try {
    url = new URL(value, "https://parley.invalid");
  } catch {
    return null;
  }
  if (url.origin !== "https://parley.invalid") return null;
  // Dot segments collapse into a protocol-relative path ("/.//evil.example", "/a/..//evil.example",
  // "/./\evil.example" all become "//evil.example"), which the browser would read as another host.
  if (url.pathname.startsWith("//")) return null;
  // The router matches without regard to case or percent-encoding: "/Auth/%63allback" is the callback too.
  if (isCallbackPath(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

function isCallbackPath(pathname: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    decoded = pathname;
  }
  return [pathname, decoded].some((path) => matchesRoute("/auth/callback/*", path.toLowerCase()));
}

const RETURN_PATH_KEY = "parley:returnTo";

/** Remembers where a signed-out visitor was going (this tab only). */
export function saveReturnPath(path: string, storage: Storage = sessionStorage): void {
  const safe = safeReturnPath(path);
  try {
    if (safe) storage.setItem(RETURN_PATH_KEY, safe);
  } catch {
    // Storage can be disabled (private modes); the user then lands on the dashboard.
  }
}

/** The remembered path (removed once read), or the dashboard. */
export function takeReturnPath(storage: Storage = sessionStorage): string {
  let saved: string | null = null;
  try {
    saved = storage.getItem(RETURN_PATH_KEY);
    storage.removeItem(RETURN_PATH_KEY);
  } catch {
    saved = null;
  }
  return safeReturnPath(saved) ?? DEFAULT_SIGNED_IN_PATH;
}
