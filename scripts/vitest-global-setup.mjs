// Before any test file: the compiled services that tests run as processes of their own, built once
// for this version of the sources (scripts/test-build.mjs), so no test pays for the build in its
// own timeout and no two build the same thing at once.
import { ensureTestBuild } from "./test-build.mjs";

export default async function setup() {
  await Promise.all([ensureTestBuild("api"), ensureTestBuild("auth")]);
}
