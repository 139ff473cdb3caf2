import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { sendError } from "./error-handler";

/** Serves the built SPA (when present) with long-cached assets and a client-side-routing fallback. */
export async function registerSpa(app: FastifyInstance, distDir: string) {
  const hasSpa = existsSync(path.join(distDir, "index.html"));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        // Vite fingerprints everything under assets/, so it can be cached forever.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === "/api" || request.url.startsWith("/api/");
    if (!isApi && hasSpa && request.method === "GET") {
      // Client-side routes: the SPA decides what to render, including its own 404 page.
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    }
    return sendError(
      reply,
      request,
      "NOT_FOUND",
      `Route ${request.method} ${request.url.split("?")[0]} not found`,
    );
  });
}
