/**
 * Allowed-domain rules for a bot: `example.com` allows that host and its `www.` twin;
 * `*.example.com` allows every subdomain and the apex; an entry with a port must match the port.
 * With no entries the widget works on any site.
 */
export function originAllowed(origin: string, allowedDomains: string[]): boolean {
  if (allowedDomains.length === 0) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  const port = url.port;
  return allowedDomains.some((entry) => {
    const [pattern = "", entryPort] = entry.toLowerCase().split(":");
    if (entryPort && entryPort !== port) return false;
    if (pattern.startsWith("*.")) {
      const apex = pattern.slice(2);
      return host === apex || host.endsWith(`.${apex}`);
    }
    return host === pattern || host === `www.${pattern}`;
  });
}

/** `frame-ancestors` sources for the chat page: where the bot may be embedded. */
export function frameAncestors(allowedDomains: string[], appOrigin: string): string {
  if (allowedDomains.length === 0) return "frame-ancestors *";
  const sources = new Set<string>(["'self'", appOrigin]);
  for (const entry of allowedDomains) {
    const [pattern = "", port] = entry.toLowerCase().split(":");
    const suffix = port ? `:${port}` : "";
    if (pattern.startsWith("*.")) {
      sources.add(`${pattern}${suffix}`);
      sources.add(`${pattern.slice(2)}${suffix}`);
    } else {
      sources.add(`${pattern}${suffix}`);
      sources.add(`www.${pattern}${suffix}`);
    }
  }
  return `frame-ancestors ${[...sources].join(" ")}`;
}
