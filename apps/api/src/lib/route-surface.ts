import { errorBodySchema } from "@parley/contracts";
import { z } from "zod";

/**
 * Where a module's routes are mounted: the app (`/api`, a signed-in member) or the public API
 * (`/api/v1`, a workspace API key). A module registers its routes once per surface it serves, with
 * the same handlers: each resolves its workspace with `workspaceOf(request, capability)`, which a
 * member passes by role and a key by scope. On `v1` only the routes a key may call are registered,
 * each documented as an operation of the OpenAPI document.
 */
export type Surface = "app" | "v1";

export interface OperationDoc {
  /** Stable, unique, camelCase: what a generated client names the call (openapi.test.ts holds them). */
  operationId: string;
  tag: string;
  summary: string;
  description?: string;
}

/** Every answer that is not the happy one has the one error shape. */
const errors = { "4XX": errorBodySchema, "5XX": errorBodySchema } as const;

/** `204`: nothing in the body. */
export const deletedSchema = z.null();

/**
 * A public API route's options: its documentation (behind the API key) and its schemas, every
 * answer that is not the happy one with the one error shape.
 */
export function operation<const S extends { response: Record<number, z.ZodType> }>(
  { tag, ...doc }: OperationDoc,
  schema: S,
) {
  return {
    schema: {
      ...doc,
      tags: [tag],
      security: [{ apiKey: [] }],
      ...schema,
      response: { ...schema.response, ...errors },
    },
  };
}

/**
 * A route served on both surfaces: on `v1` its operation (documented, errors in the one shape),
 * on the app its schemas alone (the app's errors are serialized as they always were).
 */
export function onSurface(surface: Surface) {
  return <const S extends { response: Record<number, z.ZodType> }>(doc: OperationDoc, schema: S) => {
    const documented = operation(doc, schema);
    return surface === "v1" ? documented : ({ schema } as unknown as typeof documented);
  };
}
