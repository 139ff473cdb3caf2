import * as contracts from "@parley/contracts";
import { createConfig, lintFromString } from "@redocly/openapi-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { V1_COMPONENTS } from "../../src/modules/public-api/openapi-components";
import { publicApiRoutes } from "../../src/modules/public-api/public-api";
import { createTestApp, type TestApp } from "../harness";
import { committedTypes, typesFor } from "./openapi-types";

type Media = Record<string, { schema?: Record<string, unknown> }>;
type Operation = {
  operationId?: string;
  security?: unknown[];
  requestBody?: { content?: Media };
  responses?: Record<string, { content?: Media }>;
};
type Doc = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components?: { securitySchemes?: Record<string, unknown>; schemas?: Record<string, unknown> };
};

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
const operations = (doc: Doc) =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ where: `${method.toUpperCase()} ${path}`, op })),
  );

/** Every `$ref` in the document, with where it is (a JSON pointer). */
function refsOf(value: unknown, at = "#"): { at: string; ref: string }[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => refsOf(v, `${at}/${i}`));
  if (!value || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([k, v]) =>
    k === "$ref" && typeof v === "string"
      ? [{ at, ref: v }]
      : refsOf(v, `${at}/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`),
  );
}
/** What a local `$ref` points at, or undefined. */
function target(doc: unknown, ref: string): unknown {
  if (!ref.startsWith("#/")) return undefined;
  return ref
    .slice(2)
    .split("/")
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce<unknown>(
      (node, key) => (node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined),
      doc,
    );
}
/** Every schema object inside `value` (itself included), that is not a `$ref`. */
function inlineSchemas(value: unknown, at: string): { at: string; schema: unknown }[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => inlineSchemas(v, `${at}/${i}`));
  if (!value || typeof value !== "object") return [];
  const own = "$ref" in value ? [] : [{ at, schema: value }];
  return [...own, ...Object.entries(value).flatMap(([k, v]) => inlineSchemas(v, `${at}/${k}`))];
}
/** The body schemas of the document's operations (requests and responses, by media type). */
const bodies = (doc: Doc) =>
  operations(doc).flatMap(({ where, op }) => [
    ...Object.entries(op.requestBody?.content ?? {}).map(([type, m]) => ({
      where: `${where} request ${type}`,
      type,
      schema: m.schema,
    })),
    ...Object.entries(op.responses ?? {}).flatMap(([status, r]) =>
      Object.entries(r.content ?? {}).map(([type, m]) => ({
        where: `${where} ${status} ${type}`,
        type,
        schema: m.schema,
      })),
    ),
  ]);

/** The structural checks below, and the OpenAPI linter's; a broken copy of the document proves them. */
async function problemsOf(doc: Doc): Promise<string[]> {
  const out: string[] = [];
  const ids = operations(doc).map(({ where, op }) => ({ where, id: op.operationId }));
  for (const { where, id } of ids) {
    if (!id || !/^[a-z][A-Za-z0-9]*$/.test(id))
      out.push(`${where}: operationId ${String(id)} is not camelCase`);
    if (ids.filter((o) => o.id === id).length > 1) out.push(`${where}: operationId ${id} is not unique`);
  }
  for (const { at, ref } of refsOf(doc))
    if (target(doc, ref) === undefined) out.push(`${at}: $ref ${ref} does not resolve`);
  const named = Object.entries(doc.components?.schemas ?? {}).map(([name, s]) => [name, JSON.stringify(s)]);
  for (const body of bodies(doc)) {
    if (body.type === "application/json" && !body.schema?.$ref) out.push(`${body.where}: inline, not a $ref`);
    for (const { at, schema } of inlineSchemas(body.schema, body.where)) {
      const same = named.find(([, json]) => json === JSON.stringify(schema));
      if (same) out.push(`${at}: inline copy of components.schemas.${same[0]}`);
    }
  }
  const config = await createConfig({
    extends: ["spec"],
    rules: {
      "no-unresolved-refs": "error",
      "operation-operationId": "error",
      "operation-operationId-unique": "error",
      "operation-operationId-url-safe": "error",
      "no-unused-components": "error",
      "path-parameters-defined": "error",
      "operation-2xx-response": "error",
    },
  });
  const linted = await lintFromString({
    source: JSON.stringify(doc),
    absoluteRef: "/api/v1/openapi.json",
    config,
  });
  for (const p of linted)
    out.push(`${p.severity} ${p.ruleId}: ${p.message} (${p.location.map((l) => l.pointer).join(", ")})`);
  return out;
}

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

  it("names every operation (a stable, unique camelCase operationId) for generated clients", () => {
    const ids = Object.fromEntries(operations(doc).map(({ where, op }) => [where, op.operationId]));
    // Clients are generated with these names: changing one breaks them (hence the whole list).
    expect(ids).toEqual({
      "GET /api/v1/chatbots": "listChatbots",
      "POST /api/v1/chatbots": "createChatbot",
      "GET /api/v1/chatbots/{id}": "getChatbot",
      "PATCH /api/v1/chatbots/{id}": "updateChatbot",
      "GET /api/v1/chatbots/{id}/sources": "listSources",
      "POST /api/v1/chatbots/{id}/sources": "createSource",
      "POST /api/v1/chatbots/{id}/sources/upload": "uploadSource",
      "GET /api/v1/chatbots/{id}/sources/{sourceId}": "getSource",
      "POST /api/v1/chatbots/{id}/sources/{sourceId}/resync": "resyncSource",
      "DELETE /api/v1/chatbots/{id}/sources/{sourceId}": "deleteSource",
      "POST /api/v1/chatbots/{id}/ask": "askChatbot",
      "GET /api/v1/conversations": "listConversations",
      "GET /api/v1/conversations/{id}": "getConversation",
      "GET /api/v1/conversations/{id}/messages": "listConversationMessages",
      "GET /api/v1/leads": "listLeads",
    });
  });

  it("shares its schemas as components named after the contracts, and every body is a $ref to one", async () => {
    // Each component is the contract's own schema under its name (`apiChatbotPageSchema` → `ApiChatbotPage`).
    const contractExports = new Map<string, unknown>(Object.entries(contracts));
    for (const [name, schema] of Object.entries(V1_COMPONENTS)) {
      const exported =
        name === "Error" ? "errorBodySchema" : `${name[0]?.toLowerCase()}${name.slice(1)}Schema`;
      expect(contractExports.get(exported), name).toBe(schema);
    }
    const schemas = doc.components?.schemas ?? {};
    // Requests and responses: the pages, the answer, the one error shape.
    expect(Object.keys(schemas).sort()).toEqual(Object.keys(V1_COMPONENTS).sort());
    const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
    const list = doc.paths["/api/v1/chatbots"]?.get;
    expect(list?.responses?.["200"]?.content?.["application/json"]?.schema).toEqual(ref("ApiChatbotPage"));
    const sources = doc.paths["/api/v1/chatbots/{id}/sources"]?.get;
    expect(sources?.responses?.["200"]?.content?.["application/json"]?.schema).toEqual(ref("ApiSourcePage"));
    expect(doc.paths["/api/v1/chatbots"]?.post?.requestBody?.content?.["application/json"]?.schema).toEqual(
      ref("ChatbotCreate"),
    );
    for (const { where, op } of operations(doc)) {
      for (const status of ["4XX", "5XX"])
        expect(op.responses?.[status]?.content?.["application/json"]?.schema, `${where} ${status}`).toEqual(
          ref("Error"),
        );
    }
    expect(schemas.ApiChatbotPage).toMatchObject({
      properties: { items: { type: "array", items: ref("ChatbotListItem") } },
      required: ["items", "nextCursor"],
    });
    expect(schemas.ApiSourcePage).toMatchObject({
      properties: { items: { type: "array", items: ref("KnowledgeSource") } },
      required: ["items", "nextCursor"],
    });
    // Every $ref resolves, no body is inline, no inline copy of a component, and the linter's
    // OpenAPI 3.1 rules (structure, refs, unique operationIds, unused components) find nothing.
    expect(await problemsOf(doc)).toEqual([]);
  });

  it("the same checks catch a broken document (a duplicate operationId, a dangling $ref, an inline body)", async () => {
    const broken = structuredClone(doc) as Doc;
    const leads = broken.paths["/api/v1/leads"]?.get;
    const answer = broken.paths["/api/v1/chatbots/{id}/ask"]?.post;
    if (!leads?.responses?.["200"]?.content || !answer?.responses?.["200"]?.content)
      throw new Error("no such operation");
    leads.operationId = "listChatbots";
    leads.responses["200"].content["application/json"] = { schema: { $ref: "#/components/schemas/Nope" } };
    answer.responses["200"].content["application/json"] = {
      schema: {
        type: "object",
        properties: { page: broken.components?.schemas?.ApiLeadPage as Record<string, unknown> },
      },
    };
    (broken.paths["/api/v1/leads"] as Record<string, unknown>).get = { ...leads, "x-ok": 1, nonsense: true };
    const problems = await problemsOf(broken);
    for (const expected of [
      "GET /api/v1/leads: operationId listChatbots is not unique",
      "GET /api/v1/chatbots: operationId listChatbots is not unique",
      "$ref #/components/schemas/Nope does not resolve",
      "POST /api/v1/chatbots/{id}/ask 200 application/json: inline, not a $ref",
      "inline copy of components.schemas.ApiLeadPage",
      "error operation-operationId-unique",
      "error no-unresolved-refs",
      "error struct: Property `nonsense` is not expected here.",
      "error no-unused-components",
    ])
      expect(
        problems.some((p) => p.includes(expected)),
        `${expected}\n${problems.join("\n")}`,
      ).toBe(true);
  });

  it("matches the committed client types (regenerate with `npx tsx test/public-api/openapi-types.ts`)", async () => {
    expect(await typesFor(doc)).toBe(committedTypes());
  });
});
