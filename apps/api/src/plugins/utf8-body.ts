import { isUtf8 } from "node:buffer";
import { INVALID_UTF8_MESSAGE } from "@parley/contracts";
import type { FastifyInstance } from "fastify";
import { AppError } from "../lib/errors";

/** The refusal of a body whose bytes are not UTF-8 (also for routes that read raw bytes themselves). */
export const invalidUtf8 = () => new AppError("BAD_REQUEST", INVALID_UTF8_MESSAGE);

/**
 * JSON and plain-text bodies are read as bytes and refused with a clear 400 when they are not
 * valid UTF-8 (issue #35). Fastify's own parsers decode them first, which turns every invalid
 * byte into U+FFFD: a name or a message was then stored with replacement characters the sender
 * never typed. Valid bodies go to Fastify's own JSON parser (prototype poisoning refused, as
 * before). Scopes that read raw bytes replace these parsers and check for themselves.
 */
export function refuseInvalidUtf8(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser(["application/json", "text/plain"]);
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, done) => {
    if (!isUtf8(body as Buffer)) return done(invalidUtf8(), undefined);
    return parseJson(request, (body as Buffer).toString("utf8"), done);
  });
  app.addContentTypeParser("text/plain", { parseAs: "buffer" }, (_request, body, done) => {
    if (!isUtf8(body as Buffer)) return done(invalidUtf8(), undefined);
    done(null, (body as Buffer).toString("utf8"));
  });
}
