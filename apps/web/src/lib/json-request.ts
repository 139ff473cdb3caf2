/**
 * The fetch options of a plain JSON call: GET without a `body`, POST with it as JSON; the answer
 * is asked for as JSON either way.
 */
export function jsonRequestInit(body: unknown): Pick<RequestInit, "method" | "headers" | "body"> {
  return {
    method: body === undefined ? "GET" : "POST",
    headers: {
      accept: "application/json",
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  };
}
