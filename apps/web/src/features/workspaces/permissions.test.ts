import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import {
  WORKSPACE_CAPABILITIES,
  type WorkspaceCapability,
  workspaceCan,
  workspaceRoleSchema,
} from "@parley/contracts";
import { describe, expect, it } from "vitest";
import { accessOf } from "./access";

const root = path.resolve(__dirname, "../../../../..");
const webSrc = path.join(root, "apps/web/src");
const apiSrc = path.join(root, "apps/api/src");
/** Renaming a workspace is refused by the auth service, whose roles read the same table. */
const authWorkspaces = path.join(root, "apps/auth/src/auth/workspaces.ts");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

const known = new Set<string>(Object.keys(WORKSPACE_CAPABILITIES));
const rel = (file: string) => path.relative(root, file);

/** Every capability a screen asks about: useCan("…"), useAccess("…"), can("…"), capability: "…". */
function capabilitiesAskedIn(
  file: string,
  text = readFileSync(file, "utf8"),
): { capability: string; where: string }[] {
  const found: { capability: string; where: string }[] = [];
  for (const match of text.matchAll(/\b(?:useCan|useAccess|can)\(\s*["'`]([^"'`]+)["'`]\s*\)/g))
    found.push({ capability: match[1] ?? "", where: rel(file) });
  for (const match of text.matchAll(/\bcapability:\s*["'`]([^"'`]+)["'`]/g))
    found.push({ capability: match[1] ?? "", where: rel(file) });
  return found;
}

describe("accessOf (what useCan and useAccess answer)", () => {
  it("answers from the API's table for every role and capability", () => {
    for (const role of workspaceRoleSchema.options)
      for (const capability of Object.keys(WORKSPACE_CAPABILITIES) as WorkspaceCapability[])
        expect(accessOf(role, capability), `${role} / ${capability}`).toBe(
          workspaceCan(role, capability) ? "yes" : "no",
        );
  });

  it("offers nothing while the role is not known", () => {
    expect(accessOf(null, "bots:read")).toBe("unknown");
    expect(accessOf(undefined, "billing")).toBe("unknown");
  });

  it("gives an agent the inbox and the Playground, and none of the changes", () => {
    const agent = (c: WorkspaceCapability) => accessOf("agent", c);
    expect(
      ["bots:read", "knowledge:read", "inbox:read", "playground:use"].map((c) => agent(c as never)),
    ).toEqual(["yes", "yes", "yes", "yes"]);
    for (const c of [
      "bots:write",
      "knowledge:write",
      "inbox:delete",
      "analytics:read",
      "data:export",
      "members:manage",
      "billing",
    ] as const)
      expect(agent(c), c).toBe("no");
    expect(accessOf("admin", "billing")).toBe("no");
    expect(accessOf("owner", "billing")).toBe("yes");
  });
});

describe("the web app decides with the API's permission map only", () => {
  const files = sources(webSrc);
  const asked = files.flatMap((file) => capabilitiesAskedIn(file));

  it("catches a misspelt capability (the scan on a small fixture)", () => {
    const fixture = `const a = useCan("bots:wrte"); const b = useAccess("knowledge:write");
      const c = can('billing'); const nav = [{ to: "/x", capability: "stats:read" }];`;
    const found = capabilitiesAskedIn(path.join(webSrc, "fixture.tsx"), fixture).map((a) => a.capability);
    expect(found).toEqual(["bots:wrte", "knowledge:write", "billing", "stats:read"]);
    expect(found.filter((c) => !known.has(c))).toEqual(["bots:wrte", "stats:read"]);
  });

  it("finds the screens' questions (the scan is not empty)", () => {
    const where = new Set(asked.map((a) => a.where));
    for (const screen of [
      "apps/web/src/features/chatbots/components/KnowledgeTab.tsx",
      "apps/web/src/features/chatbots/components/settings/SettingsTab.tsx",
      "apps/web/src/features/chatbots/components/EmbedTab.tsx",
      "apps/web/src/features/chatbots/components/ChatbotsSection.tsx",
      "apps/web/src/features/inbox/components/TranscriptPane.tsx",
      "apps/web/src/features/analytics/pages/AnalyticsRoute.tsx",
      "apps/web/src/features/account/pages/AccountPage.tsx",
      "apps/web/src/features/billing/pages/BillingPage.tsx",
      "apps/web/src/features/workspaces/pages/MembersPage.tsx",
      "apps/web/src/app/shell/AppHeader.tsx",
    ])
      expect(where, screen).toContain(screen);
  });

  it("asks only about capabilities that exist in WORKSPACE_CAPABILITIES", () => {
    const unknown = asked.filter((a) => !known.has(a.capability));
    expect(unknown).toEqual([]);
  });

  it("asks only about capabilities the API really guards (so hiding matches a refusal)", () => {
    const guarded = new Set([
      ...sources(apiSrc).flatMap((file) =>
        [...readFileSync(file, "utf8").matchAll(/workspaceOf\(\s*request\s*,\s*"([^"]+)"\s*\)/g)].map(
          (m) => m[1] ?? "",
        ),
      ),
      // A route that decides by the caller's role inside (hand back another member's conversation).
      ...sources(apiSrc).flatMap((file) =>
        [
          ...readFileSync(file, "utf8").matchAll(
            /workspaceCan\(\s*authOf\(\s*request\s*\)\.role\s*,\s*"([^"]+)"\s*\)/g,
          ),
        ].map((m) => m[1] ?? ""),
      ),
      ...[...readFileSync(authWorkspaces, "utf8").matchAll(/workspaceCan\(\s*\w+\s*,\s*"([^"]+)"\s*\)/g)].map(
        (m) => m[1] ?? "",
      ),
    ]);
    const unguarded = [...new Set(asked.map((a) => a.capability))].filter((c) => !guarded.has(c));
    expect(unguarded).toEqual([]);
  });

  it("has no second way to decide: only the hook reads the table", () => {
    const bypass = files
      .filter((file) => !file.endsWith(path.join("workspaces", "access.ts")))
      .filter((file) => /\bworkspaceCan\b|\bWORKSPACE_CAPABILITIES\b/.test(readFileSync(file, "utf8")))
      .map(rel);
    expect(bypass).toEqual([]);
  });
});
