import { errorBodySchema } from "@parley/contracts";
import { ApiError } from "./api";
import { networkError, UNREACHABLE } from "./network-error";
import { fetchWithToken, type TokenProvider } from "./with-token";

/**
 * The file name a `Content-Disposition` header asks for (RFC 6266: `filename*` wins over
 * `filename`), reduced to characters that are safe in any file system; `fallback` without one.
 */
export function filenameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  let name: string | undefined;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      name = decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ""));
    } catch {
      name = undefined;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(header);
    name = plain?.[1]?.replace(/\\(.)/g, "$1") ?? plain?.[2];
  }
  const safe = name
    ?.replace(/[/\\?%*:|"<>\p{Cc}]/gu, "-")
    .replace(/^\.+/, "")
    .trim();
  return safe || fallback;
}

async function errorOf(response: Response): Promise<ApiError> {
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    json = undefined;
  }
  const parsed = errorBodySchema.safeParse(json);
  if (parsed.success) {
    const { code, message, messageKey, values, requestId } = parsed.data.error;
    return new ApiError({ status: response.status, code, message, messageKey, values, requestId });
  }
  return new ApiError({
    status: response.status || 500,
    code: response.status >= 500 ? "INTERNAL" : "BAD_REQUEST",
    // i18n-ignore: an ApiError's English message; people see it through useErrorText (by code in Arabic)
    message: `The download failed (status ${response.status}). Please try again.`,
  });
}

/**
 * Downloads an attachment the API only gives to the signed-in owner. A plain link cannot send
 * the Bearer token, so the file is fetched as a blob and handed to the browser through an
 * object URL. Resolves with the file name used.
 */
export async function downloadFromApi(
  path: string,
  fallbackName: string,
  getToken: TokenProvider,
): Promise<string> {
  let response: Response;
  try {
    response = await fetchWithToken(getToken, path, { credentials: "include" });
  } catch (cause) {
    throw networkError(UNREACHABLE, cause);
  }
  if (!response.ok) throw await errorOf(response);

  const name = filenameFromDisposition(response.headers.get("content-disposition"), fallbackName);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; a minute is plenty.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return name;
}
