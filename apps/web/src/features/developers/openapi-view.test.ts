import { describe, expect, it } from "vitest";
import { expiresAtFor } from "./expiry";
import {
  constraintsOf,
  fieldsOf,
  type OpenApiDoc,
  operationsByTag,
  typeLabel,
  unwrapNullable,
  variantsOf,
} from "./openapi-view";

const doc: OpenApiDoc = {
  openapi: "3.1.0",
  info: { title: "Parley API", version: "1" },
  components: {
    schemas: { Lead: { type: "object", properties: { email: { type: "string" } }, required: ["email"] } },
  },
  paths: {
    "/api/v1/leads": {
      get: {
        tags: ["Leads"],
        summary: "List leads",
        parameters: [
          { name: "cursor", in: "query", schema: { type: "string", maxLength: 200 } },
          { name: "x-secret", in: "header", schema: { type: "string" } },
        ],
        responses: {
          "200": { content: { "application/json": { schema: { $ref: "#/components/schemas/Lead" } } } },
          "4XX": { content: { "application/json": { schema: { type: "object" } } } },
        },
      },
    },
    "/api/v1/chatbots/{id}/sources": {
      post: {
        tags: ["Knowledge"],
        summary: "Add a source",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        requestBody: {
          content: {
            "application/json": {
              schema: {
                oneOf: [
                  { type: "object", properties: { kind: { const: "text" } } },
                  { type: "object", properties: { kind: { const: "qa" } } },
                ],
              },
            },
          },
        },
        responses: { "201": {} },
      },
    },
  },
};

describe("the API reference's reading of the OpenAPI document", () => {
  it("groups operations by tag, keeps path and query parameters, follows $ref", () => {
    const groups = operationsByTag(doc);
    expect(groups.map((g) => g.tag)).toEqual(["Leads", "Knowledge"]);
    const list = groups[0]?.operations[0];
    expect(list?.method).toBe("GET");
    expect(list?.parameters.map((p) => p.name)).toEqual(["cursor"]);
    expect(list?.responses.map((r) => r.status)).toEqual(["200", "4XX"]);
    expect(fieldsOf(list?.responses[0]?.schema ?? {})).toEqual([
      { name: "email", required: true, schema: { type: "string" } },
    ]);
    const add = groups[1]?.operations[0];
    expect(add?.body?.contentType).toBe("application/json");
    expect(variantsOf(add?.body?.schema ?? {})).toHaveLength(2);
    expect(add?.responses).toEqual([{ status: "201", schema: null }]);
  });

  it("follows $ref inside a schema too (a page's items, a union's variants), and stops on a cycle", () => {
    const paged: OpenApiDoc = {
      ...doc,
      components: {
        schemas: {
          Lead: { type: "object", properties: { email: { type: "string" } }, required: ["email"] },
          LeadPage: {
            type: "object",
            properties: {
              items: { type: "array", items: { $ref: "#/components/schemas/Lead" } },
              first: { anyOf: [{ $ref: "#/components/schemas/Lead" }, { type: "null" }] },
            },
          },
          Node: { type: "object", properties: { next: { $ref: "#/components/schemas/Node" } } },
        },
      },
      paths: {
        "/api/v1/leads": {
          get: {
            tags: ["Leads"],
            responses: {
              "200": {
                content: { "application/json": { schema: { $ref: "#/components/schemas/LeadPage" } } },
              },
              "4XX": { content: { "application/json": { schema: { $ref: "#/components/schemas/Node" } } } },
            },
          },
        },
      },
    };
    const [ok, err] = operationsByTag(paged)[0]?.operations[0]?.responses ?? [];
    expect(ok?.schema?.properties?.items?.items).toEqual(paged.components?.schemas?.Lead);
    expect(unwrapNullable(ok?.schema?.properties?.first ?? {}).schema).toEqual(
      paged.components?.schemas?.Lead,
    );
    let depth = 0;
    for (let s = err?.schema; s?.properties?.next; s = s.properties.next) depth++;
    expect(depth).toBeGreaterThan(5);
    expect(depth).toBeLessThan(20);
  });

  it("names types, nullable values and limits", () => {
    expect(unwrapNullable({ anyOf: [{ type: "string" }, { type: "null" }] })).toEqual({
      schema: { type: "string" },
      nullable: true,
    });
    expect(unwrapNullable({ type: ["integer", "null"] })).toEqual({
      schema: { type: "integer" },
      nullable: true,
    });
    expect(typeLabel({ enum: ["chat", "read"] })).toBe('"chat" | "read"');
    expect(typeLabel({ type: "string", format: "date-time" })).toBe("string (date-time)");
    expect(typeLabel({ type: "array", items: { type: "string" } })).toBe("array");
    expect(constraintsOf({ type: "integer", minimum: 1, maximum: 100, default: 25 })).toEqual([
      "min 1",
      "max 100",
      "default 25",
    ]);
  });

  it("turns an expiry choice into a time from now, or none", () => {
    const now = new Date("2026-11-25T12:00:00.000Z");
    expect(expiresAtFor("never", now)).toBeNull();
    expect(expiresAtFor("30", now)).toBe("2026-12-25T12:00:00.000Z");
    expect(expiresAtFor("365", now)).toBe("2027-11-25T12:00:00.000Z");
  });
});
