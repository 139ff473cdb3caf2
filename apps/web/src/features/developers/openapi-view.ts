/**
 * A small reader of the API's OpenAPI 3.1 document for the reference page: operations grouped by
 * tag, and JSON Schemas turned into rows of fields. Only what our own document uses (objects,
 * arrays, enums, anyOf/oneOf, nullable through a `null` variant, $ref into components).
 */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  description?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  $ref?: string;
  additionalProperties?: boolean | JsonSchema;
};

export interface Parameter {
  name: string;
  in: "path" | "query";
  required: boolean;
  schema: JsonSchema;
  description?: string;
}

export interface Operation {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string | null;
  parameters: Parameter[];
  body: { contentType: string; schema: JsonSchema } | null;
  responses: { status: string; schema: JsonSchema | null }[];
}

export interface OpenApiDoc {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, RawOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

interface RawOperation {
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema; description?: string }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

const METHODS = ["get", "post", "put", "patch", "delete"];

export function isOpenApiDoc(value: unknown): value is OpenApiDoc {
  const v = value as Partial<OpenApiDoc> | null;
  return Boolean(v && typeof v.openapi === "string" && v.paths && typeof v.paths === "object" && v.info);
}

/** The operations, grouped by their first tag, in the document's order. */
export function operationsByTag(doc: OpenApiDoc): { tag: string; operations: Operation[] }[] {
  const groups = new Map<string, Operation[]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? "Other";
      const bodyEntry = Object.entries(op.requestBody?.content ?? {})[0];
      const operation: Operation = {
        id: `${method}-${path}`.replace(/[^A-Za-z0-9]+/g, "-"),
        method: method.toUpperCase(),
        path,
        summary: op.summary ?? "",
        description: op.description ?? null,
        parameters: (op.parameters ?? [])
          .filter((p) => p.in === "path" || p.in === "query")
          .map((p) => ({
            name: p.name,
            in: p.in as "path" | "query",
            required: Boolean(p.required),
            schema: resolve(doc, p.schema ?? {}),
            description: p.description ?? p.schema?.description,
          })),
        body: bodyEntry
          ? { contentType: bodyEntry[0], schema: resolve(doc, bodyEntry[1].schema ?? {}) }
          : null,
        responses: Object.entries(op.responses ?? {}).map(([status, r]) => {
          const schema = r.content?.["application/json"]?.schema;
          return { status, schema: schema ? resolve(doc, schema) : null };
        }),
      };
      groups.set(tag, [...(groups.get(tag) ?? []), operation]);
    }
  }
  return [...groups].map(([tag, operations]) => ({ tag, operations }));
}

/** Follows a local `$ref` (`#/components/schemas/…`); anything else is returned as it is. */
function follow(doc: OpenApiDoc, schema: JsonSchema, depth: number): JsonSchema {
  if (!schema.$ref || depth > 8) return schema;
  const name = schema.$ref.replace(/^#\/components\/schemas\//, "");
  const target = doc.components?.schemas?.[name];
  return target ? follow(doc, target, depth + 1) : schema;
}

/**
 * The schema with every local `$ref` in it replaced by its component (fields, items, variants), so
 * the reference shows a named schema's fields wherever it is used. Nesting stops at 12 levels (a
 * schema that refers to itself).
 */
export function resolve(doc: OpenApiDoc, schema: JsonSchema, depth = 0): JsonSchema {
  const s = follow(doc, schema, 0);
  if (depth > 12) return s;
  const deeper = (x: JsonSchema) => resolve(doc, x, depth + 1);
  const out: JsonSchema = { ...s };
  if (s.properties)
    out.properties = Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, deeper(v)]));
  if (s.items) out.items = deeper(s.items);
  if (s.anyOf) out.anyOf = s.anyOf.map(deeper);
  if (s.oneOf) out.oneOf = s.oneOf.map(deeper);
  if (s.allOf) out.allOf = s.allOf.map(deeper);
  if (s.additionalProperties && typeof s.additionalProperties === "object")
    out.additionalProperties = deeper(s.additionalProperties);
  return out;
}

/** The schema without its `null` variant, and whether it had one. */
export function unwrapNullable(schema: JsonSchema): { schema: JsonSchema; nullable: boolean } {
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) {
    const rest = variants.filter((v) => v.type !== "null");
    if (rest.length < variants.length) {
      if (rest.length === 1 && rest[0]) return { schema: rest[0], nullable: true };
      return { schema: { ...schema, anyOf: rest, oneOf: undefined }, nullable: true };
    }
  }
  if (Array.isArray(schema.type) && schema.type.includes("null")) {
    const types = schema.type.filter((t) => t !== "null");
    return { schema: { ...schema, type: types.length === 1 ? types[0] : types }, nullable: true };
  }
  return { schema, nullable: false };
}

/** The variants of a union (oneOf/anyOf without null), or null when it is not one. */
export function variantsOf(schema: JsonSchema): JsonSchema[] | null {
  const v = schema.oneOf ?? schema.anyOf;
  return v && v.length > 1 ? v : null;
}

/** A short type label: `string`, `integer`, `"a" | "b"`, `object`, `array`, with its format. */
export function typeLabel(schema: JsonSchema): string {
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((e) => JSON.stringify(e)).join(" | ");
  if (schema.items) return "array";
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : schema.type;
  if (!type) return schema.properties ? "object" : variantsOf(schema) ? "union" : "any";
  return schema.format ? `${type} (${schema.format})` : type;
}

/** Limits worth knowing when calling: lengths, ranges, item counts, the default. */
export function constraintsOf(schema: JsonSchema): string[] {
  const out: string[] = [];
  if (schema.minLength !== undefined && schema.minLength > 0) out.push(`minLength ${schema.minLength}`);
  if (schema.maxLength !== undefined) out.push(`maxLength ${schema.maxLength}`);
  if (schema.minimum !== undefined) out.push(`min ${schema.minimum}`);
  if (schema.maximum !== undefined) out.push(`max ${schema.maximum}`);
  if (schema.minItems !== undefined && schema.minItems > 0) out.push(`minItems ${schema.minItems}`);
  if (schema.maxItems !== undefined) out.push(`maxItems ${schema.maxItems}`);
  if (schema.default !== undefined) out.push(`default ${JSON.stringify(schema.default)}`);
  return out;
}

/** An object's fields (required first, then the document's order). */
export function fieldsOf(schema: JsonSchema): { name: string; required: boolean; schema: JsonSchema }[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {})
    .map(([name, s]) => ({ name, required: required.has(name), schema: s }))
    .sort((a, b) => Number(b.required) - Number(a.required));
}
