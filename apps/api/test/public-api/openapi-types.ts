import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import openapiTS, { astToString } from "openapi-typescript";
import { createTestApp } from "../harness";

/** Where the committed client types live (`pnpm tsx test/public-api/openapi-types.ts` rewrites them). */
export const GENERATED_TYPES = path.join(import.meta.dirname, "openapi-v1.generated.ts");

/** TypeScript types for a client of the document, as `openapi-typescript` makes them. */
export async function typesFor(doc: unknown): Promise<string> {
  const ast = await openapiTS(doc as Parameters<typeof openapiTS>[0]);
  return `// Generated from /api/v1/openapi.json by openapi-typescript (test/public-api/openapi-types.ts).\n// Do not edit: openapi.test.ts fails when this file is stale; rerun the script to refresh it.\n\n${astToString(ast)}`;
}

export const committedTypes = () => readFileSync(GENERATED_TYPES, "utf8");

// Run directly: serve the document from the real app and write the types.
if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  const t = await createTestApp("pglite");
  const res = await t.app.inject({ method: "GET", url: "/api/v1/openapi.json" });
  writeFileSync(GENERATED_TYPES, await typesFor(res.json()));
  await t.close();
  console.log(`wrote ${GENERATED_TYPES}`);
}
