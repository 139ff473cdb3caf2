/** An absolute http(s) address as a URL, or null for anything else (javascript:, data:, junk). */
export function parseWebUrl(value: string | null | undefined): URL | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}
