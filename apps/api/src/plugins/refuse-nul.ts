import { findNul, NUL_MESSAGE } from "@parley/contracts";
import type { FastifyInstance } from "fastify";
import { AppError } from "../lib/errors";

/**
 * The net under the contracts: routes validate their input with NUL-refusing schemas
 * (`safeText`, `idText`), and this hook (after validation, before any handler) refuses a NUL in
 * the path, query or parsed body of any route that reads input another way — multipart, raw
 * parsers, a route added later — so a NUL never reaches Postgres (which answers it with a 500).
 */
export function refuseNulInput(app: FastifyInstance) {
  app.addHook("preHandler", async (request) => {
    const path =
      findNul(request.params, "params") ??
      findNul(request.query, "querystring") ??
      findNul(request.body, "body");
    if (path) {
      throw new AppError("VALIDATION_FAILED", `Invalid request: ${path} ${NUL_MESSAGE}`, [
        { path, message: NUL_MESSAGE },
      ]);
    }
  });
}
