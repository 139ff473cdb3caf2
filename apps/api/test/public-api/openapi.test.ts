import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicApiRoutes } from "../../src/modules/public-api/public-api";
import { createTestApp, type TestApp } from "../harness";
import { committedTypes, typesFor } from "./openapi-types";

type Doc = {
  openapi: string;
  paths: Record<string, Record<string, { security?: unknown[]; responses?: Record<string, unknown> }>>;
  components?: { securitySchemes?: Record<string, unknown> };
};

describe("the OpenAPI document of /api/v1", () => {
  let t: TestApp;
  let doc: Doc;

  beforeAll(async () => {
    t = await createTestApp("pglite", {}, { listen: true });
    const res = await fetch(`${t.url}/api/v1/openapi.json`);
    expect(res.status).toBe(200);
    doc = (await res.json()) as Doc;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("is OpenAPI 3.1, served without a key, with the bearer scheme", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.components?.securitySchemes?.apiKey).toMatchObject({ type: "http", scheme: "bearer" });
  });

  it("lists every route registered under /api/v1, each behind the key and with the error shape", () => {
    const routes = publicApiRoutes(t.app);
    // The routes the issue names, at least (a route lost from the app fails here too).
    expect(routes.length).toBeGreaterThanOrEqual(14);
    const missing = routes.filter(({ method, url }) => {
      const op = doc.paths[url.replace(/:(\w+)/g, "{$1}")]?.[method.toLowerCase()];
      return !op;
    });
    expect(missing, "routes under /api/v1 missing from /api/v1/openapi.json").toEqual([]);
    for (const { method, url } of routes) {
      const op = doc.paths[url.replace(/:(\w+)/g, "{$1}")]?.[method.toLowerCase()];
      expect(op?.security, `${method} ${url}`).toEqual([{ apiKey: [] }]);
      expect(Object.keys(op?.responses ?? {}), `${method} ${url}`).toContain("4XX");
    }
    // And nothing in the document that the app does not serve.
    const documented = Object.entries(doc.paths).flatMap(([p, item]) =>
      Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`),
    );
    const served = routes.map(({ method, url }) => `${method} ${url.replace(/:(\w+)/g, "{$1}")}`);
    expect(documented.sort()).toEqual(served.sort());
  });

  it("matches the committed client types (regenerate with `npx tsx test/public-api/openapi-types.ts`)", async () => {
    expect(await typesFor(doc)).toBe(committedTypes());
  });
});
