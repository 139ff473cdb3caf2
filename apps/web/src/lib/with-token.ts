/**
 * Returns the access token to send, or null to send none. `forceRefresh` is set after the API
 * answered 401 to the token just sent: the provider must not hand out the same one again.
 */
export type TokenProvider = (options?: { forceRefresh?: boolean }) => Promise<string | null>;

/**
 * The one fetch-with-token-refresh of the web app (apiFetch, the playground's stream, uploads,
 * downloads): sends with the current token; when the API answers 401 to a token, asks the
 * provider for a fresh one and sends once more. A second 401 is the answer, and so is a 401 to a
 * request sent without a token or when the refresh brings nothing new. `send` may be fetch or
 * XMLHttpRequest (uploads need its progress events); `discard` frees a superseded response.
 */
export async function sendWithToken<R extends { status: number }>(
  getToken: TokenProvider | undefined,
  send: (token: string | null) => Promise<R>,
  discard?: (stale: R) => Promise<unknown> | undefined,
): Promise<R> {
  const token = getToken ? await getToken() : null;
  const first = await send(token);
  if (first.status !== 401 || !getToken || !token) return first;
  const fresh = await getToken({ forceRefresh: true });
  if (!fresh || fresh === token) return first;
  await discard?.(first)?.catch(() => undefined);
  return send(fresh);
}

/** `sendWithToken` for fetch: the token goes in `Authorization: Bearer`, a stale body is cancelled. */
export function fetchWithToken(
  getToken: TokenProvider | undefined,
  url: string,
  init: RequestInit & { headers?: Record<string, string> },
  doFetch: typeof fetch = fetch,
): Promise<Response> {
  return sendWithToken(
    getToken,
    (token) =>
      doFetch(url, {
        ...init,
        headers: { ...init.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      }),
    (stale) => stale.body?.cancel(),
  );
}
