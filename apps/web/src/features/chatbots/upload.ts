import { errorBodySchema, type KnowledgeSource, knowledgeSourceSchema } from "@parley/contracts";
import en from "@parley/ui/locales/en/builder";
import { ApiError } from "../../lib/api-error";
import { networkError } from "../../lib/network-error";
import { sendWithToken, type TokenProvider } from "../../lib/with-token";

export interface UploadOptions {
  chatbotId: string;
  file: File;
  getToken: TokenProvider;
  /** 0 to 1 as the bytes leave the browser. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

interface RawResponse {
  status: number;
  text: string;
  requestId: string | undefined;
}

/**
 * Uploads a document as `multipart/form-data` (field `file`). XMLHttpRequest rather than fetch,
 * because only XHR reports upload progress, which matters for a 40 MB PDF on a slow line.
 * Resolves with the new source (queued for reading); rejects with an `ApiError` like apiFetch.
 */
export async function uploadSourceFile(options: UploadOptions): Promise<KnowledgeSource> {
  const { chatbotId, file, getToken, onProgress, signal } = options;
  const url = `/api/chatbots/${encodeURIComponent(chatbotId)}/sources`;

  const send = (token: string | null) =>
    new Promise<RawResponse>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open("POST", url);
      xhr.setRequestHeader("accept", "application/json");
      if (token) xhr.setRequestHeader("authorization", `Bearer ${token}`);
      xhr.withCredentials = true;
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
      };
      xhr.onload = () =>
        resolve({
          status: xhr.status,
          text: xhr.responseText,
          requestId: xhr.getResponseHeader("x-request-id") ?? undefined,
        });
      xhr.onerror = () => reject(networkError(en.upload.network, undefined));
      xhr.onabort = () => reject(signal?.reason ?? new DOMException(en.upload.cancelled, "AbortError"));
      signal?.addEventListener("abort", () => xhr.abort(), { once: true });
      const form = new FormData();
      form.append("file", file, file.name);
      xhr.send(form);
    });

  const response = await sendWithToken(getToken, send);

  let json: unknown;
  try {
    json = response.text ? JSON.parse(response.text) : undefined;
  } catch {
    json = undefined;
  }
  if (response.status >= 200 && response.status < 300) {
    const parsed = knowledgeSourceSchema.safeParse(json);
    if (parsed.success) return parsed.data;
    throw new ApiError({
      status: 500,
      code: "INVALID_RESPONSE",
      message: en.upload.invalid,
      requestId: response.requestId,
    });
  }
  const error = errorBodySchema.safeParse(json);
  if (error.success) {
    const { code, message, messageKey, values, requestId, details } = error.data.error;
    throw new ApiError({ status: response.status, code, message, messageKey, values, requestId, details });
  }
  throw new ApiError({
    status: response.status || 500,
    code: response.status === 413 ? "PAYLOAD_TOO_LARGE" : response.status >= 500 ? "INTERNAL" : "BAD_REQUEST",
    message:
      response.status === 413
        ? en.upload.tooLarge
        : en.upload.status.replace("{{status}}", String(response.status)),
    requestId: response.requestId,
  });
}
