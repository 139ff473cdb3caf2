import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAuthStandIn } from "../auth-stand-in";
import type { Owner } from "../builder/client";
import { createTestApp, type TestApp, testDrivers } from "../harness";
import { startTokenIssuer, type TokenIssuer } from "../token-issuer";
import { keysClient } from "./keys";

const owner: Owner = { sub: "auth_team_owner", email: "owner@team.example", name: "Owner" };
const admin: Owner = { sub: "auth_team_admin", email: "admin@team.example", name: "Admin" };
const agent: Owner = { sub: "auth_team_agent", email: "agent@team.example", name: "Agent" };
const removed: Owner = { sub: "auth_team_gone", email: "gone@team.example", name: "Gone" };

/** Owners and admins manage keys; an agent and a removed member of the workspace cannot. */
describe.each(testDrivers("either"))("API keys in a shared workspace on %s", (driver) => {
  let t: TestApp;
  let issuer: TokenIssuer;
  let standIn: Awaited<ReturnType<typeof startAuthStandIn>>;
  const call = async (
    who: Owner,
    role: "owner" | "admin" | "agent",
    method: string,
    p: string,
    body?: unknown,
  ) => {
    const token = await issuer.sign({ ...who, workspaceId: owner.sub, workspaceRole: role });
    const res = await fetch(`${t.url}${p}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };

  beforeAll(async () => {
    issuer = await startTokenIssuer();
    standIn = await startAuthStandIn(
      issuer,
      new Map([
        [`${owner.sub}/${admin.sub}`, "admin"],
        [`${owner.sub}/${agent.sub}`, "agent"],
      ]),
    );
    t = await createTestApp(
      driver,
      { AUTH_URL: issuer.url, AUTH_INTERNAL_URL: standIn.url },
      { listen: true },
    );
    await keysClient(t, issuer).plan(owner.sub, "business-monthly");
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
    await issuer?.close();
  });

  it("lets an admin create, list and revoke the workspace's keys; refuses an agent and a removed member", async () => {
    const made = await call(admin, "admin", "POST", "/api/api-keys", {
      name: "Admin's key",
      scopes: ["read"],
    });
    expect(made.status).toBe(201);
    expect(made.body.createdBy).toEqual({ id: admin.sub, email: admin.email });
    const listed = await call(owner, "owner", "GET", "/api/api-keys");
    expect(listed.body.keys.map((k: { id: string }) => k.id)).toEqual([made.body.id]);

    for (const [who, role, code] of [
      [agent, "agent", "FORBIDDEN"],
      [removed, "admin", "NOT_A_MEMBER"],
    ] as const) {
      for (const [method, p, body] of [
        ["GET", "/api/api-keys"],
        ["POST", "/api/api-keys", { name: "Mine", scopes: ["chat"] }],
        ["DELETE", `/api/api-keys/${made.body.id}`],
      ] as const) {
        const res = await call(who, role, method, p, body);
        expect(res.status, `${who.name} ${method} ${p}`).toBe(403);
        expect(res.body.error.code).toBe(code);
      }
    }
    // The key still works: nobody but an owner or admin could revoke it.
    const used = await fetch(`${t.url}/api/v1/chatbots`, {
      headers: { authorization: `Bearer ${made.body.key}` },
    });
    expect(used.status).toBe(200);
    expect((await call(admin, "admin", "DELETE", `/api/api-keys/${made.body.id}`)).status).toBe(204);
    const after = await fetch(`${t.url}/api/v1/chatbots`, {
      headers: { authorization: `Bearer ${made.body.key}` },
    });
    expect(after.status).toBe(401);
  });
});
