/**
 * The parse process: reads untrusted input (an uploaded file, a crawled page) away from the
 * API's heap and event loop. Started by parser-process.ts with its own memory limit, killed at
 * each request's deadline; it answers each request over IPC with progress, then a result or a
 * reason. It serves requests one at a time until the API disconnects.
 */
import { chunkMarkdown } from "./chunker";
import { type DetectedType, extractFileText } from "./extract-file";
import { htmlToText } from "./html-text";
import { IngestError } from "./ingest-error";

export interface FileRequest {
  kind: "file";
  data: Uint8Array;
  type: DetectedType;
  title: string;
  maxChars: number;
  maxChunks: number;
  tooMuchText: string;
  tooManyChunks: string;
}
export interface PageRequest {
  kind: "page";
  html: string;
}
export type ParseRequest = FileRequest | PageRequest;

export interface FileResult {
  chunks: { title: string; body: string }[];
}
export type PageResult = ReturnType<typeof htmlToText>;

export type ParseMessage =
  | { id: number; kind: "progress"; fraction: number }
  | { id: number; kind: "done"; result: FileResult | PageResult }
  | { id: number; kind: "failed"; reason: string | null; detail: string };

const send = (message: ParseMessage) =>
  new Promise<void>((resolve) => {
    if (!process.send) return resolve();
    process.send(message, undefined, {}, () => resolve());
  });

async function handle(id: number, request: ParseRequest): Promise<FileResult | PageResult> {
  if (request.kind === "page") {
    try {
      return htmlToText(request.html);
    } catch (err) {
      // The HTML library recurses: a page nested thousands of elements deep overflows it.
      throw new IngestError(
        err instanceof RangeError ? "The page is nested too deeply to read." : "The page could not be read.",
      );
    }
  }
  const text = await extractFileText(Buffer.from(request.data), request.type, {
    maxChars: request.maxChars,
    tooMuchText: request.tooMuchText,
    onProgress: (fraction) => void send({ id, kind: "progress", fraction }),
  });
  const chunks = chunkMarkdown(text, request.title);
  if (chunks.length > request.maxChunks) throw new IngestError(request.tooManyChunks);
  return { chunks };
}

process.on("message", async ({ id, request }: { id: number; request: ParseRequest }) => {
  try {
    await send({ id, kind: "done", result: await handle(id, request) });
  } catch (err) {
    await send({
      id,
      kind: "failed",
      reason: err instanceof IngestError ? err.message : null,
      detail: (err as Error).stack ?? String(err),
    });
  }
});
process.on("disconnect", () => process.exit(0));
