import { describe, expect, it } from "vitest";
import { workspaceOfToken } from "./claims";

const b64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const token = (claims: unknown) => `${b64url({ alg: "EdDSA" })}.${b64url(claims)}.sig`;

describe("workspaceOfToken", () => {
  it("reads the active workspace and role", () => {
    expect(workspaceOfToken(token({ sub: "u1", workspaceId: "w1", workspaceRole: "agent" }))).toEqual({
      id: "w1",
      role: "agent",
      personal: false,
    });
  });

  it("treats a token without workspace claims as the personal workspace's owner", () => {
    expect(workspaceOfToken(token({ sub: "u1" }))).toEqual({ id: "u1", role: "owner", personal: true });
  });

  it("never grants more than agent for an unknown role, and refuses garbage", () => {
    expect(workspaceOfToken(token({ sub: "u1", workspaceId: "w1", workspaceRole: "superuser" }))?.role).toBe(
      "agent",
    );
    expect(workspaceOfToken("not-a-token")).toBeNull();
    expect(workspaceOfToken(null)).toBeNull();
    expect(workspaceOfToken(`a.${b64url("just a string")}.c`)).toBeNull();
  });
});
