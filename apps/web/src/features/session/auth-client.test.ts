import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AuthServiceError, createAuthClient, parseLinkedAccounts } from "./auth-client";
import { describeAuthError, describeAuthFailure, EMAIL_IS_THE_SAME, EMAIL_NOT_UPDATED } from "./auth-errors";

// A real listener on 127.0.0.1 answering like better-auth does.
type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;
let handler: Handler = (_req, res) => res.end();
let server: Server;
let base: string;

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
};

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => handler(req, res, body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("auth client", () => {
  it("reads a session, and treats a null body or a 401 as signed out", async () => {
    const client = createAuthClient(base);
    handler = (_req, res) =>
      json(res, 200, {
        session: { token: "s", userId: "u1" },
        user: { id: "u1", email: "a@b.co", name: "A" },
      });
    await expect(client.getSession()).resolves.toMatchObject({ token: "s", user: { id: "u1" } });
    handler = (_req, res) => json(res, 200, null);
    await expect(client.getSession()).resolves.toBeNull();
    handler = (_req, res) => json(res, 401, { code: "UNAUTHORIZED" });
    await expect(client.getSession()).resolves.toBeNull();
    handler = (_req, res) => json(res, 500, { message: "boom" });
    await expect(client.getSession()).rejects.toBeInstanceOf(AuthServiceError);
  });

  it("posts JSON with the right path and body", async () => {
    const seen: { method?: string; url?: string; type?: string; body: string }[] = [];
    handler = (req, res, body) => {
      seen.push({ method: req.method, url: req.url, type: req.headers["content-type"], body });
      json(res, 200, { status: true });
    };
    const client = createAuthClient(base);
    await client.changePassword({ currentPassword: "a", newPassword: "b", revokeOtherSessions: true });
    await client.unlinkAccount({ providerId: "github", accountId: "42" });
    await client.signOut();
    expect(seen).toEqual([
      {
        method: "POST",
        url: "/change-password",
        type: "application/json",
        body: JSON.stringify({ currentPassword: "a", newPassword: "b", revokeOtherSessions: true }),
      },
      {
        method: "POST",
        url: "/unlink-account",
        type: "application/json",
        body: '{"providerId":"github","accountId":"42"}',
      },
      { method: "POST", url: "/sign-out", type: "application/json", body: "{}" },
    ]);
  });

  it("tells a deletion from an e-mailed confirmation", async () => {
    const client = createAuthClient(base);
    handler = (_req, res) => json(res, 200, { success: true, message: "Verification email sent" });
    await expect(client.deleteUser({ password: "x" })).resolves.toEqual({
      deleted: false,
      message: "Verification email sent",
    });
    handler = (_req, res) => json(res, 200, { success: true, message: "User deleted" });
    await expect(client.deleteUser({ password: "x" })).resolves.toMatchObject({ deleted: true });
  });

  it("turns error bodies into failures the UI can word", async () => {
    const client = createAuthClient(base);
    handler = (_req, res) => json(res, 400, { message: "Email is the same" });
    const same = await client.changeEmail({ newEmail: "a@b.co", callbackURL: "/" }).catch((e: unknown) => e);
    expect(describeAuthError(same)).toEqual({ message: EMAIL_IS_THE_SAME, field: "email" });

    handler = (_req, res) =>
      json(res, 400, { code: "EMAIL_CAN_NOT_BE_UPDATED", message: "Couldn't update your email" });
    const taken = await client.changeEmail({ newEmail: "b@b.co", callbackURL: "/" }).catch((e: unknown) => e);
    expect(describeAuthError(taken).message).toBe(EMAIL_NOT_UPDATED);

    handler = (_req, res) => json(res, 429, { message: "Too many requests" }, { "x-retry-after": "7" });
    const limited = await client.updateUser({ name: "x" }).catch((e: unknown) => e);
    expect(describeAuthError(limited).message).toBe(
      "Too many attempts. Please wait 7 seconds and try again.",
    );

    const offline = createAuthClient("http://127.0.0.1:9");
    const network = await offline.signOut().catch((e: unknown) => e);
    expect(network).toBeInstanceOf(AuthServiceError);
    expect(describeAuthError(network).message).toMatch(/couldn't reach/);
  });
});

describe("describeAuthFailure", () => {
  it("words the account-page failures", () => {
    expect(describeAuthFailure({ kind: "http", status: 400, code: "INVALID_PASSWORD" })).toMatchObject({
      field: "password",
    });
    expect(
      describeAuthFailure({
        kind: "http",
        status: 400,
        code: "PASSWORD_TOO_SHORT",
        message: "Password is too short: use at least 10 characters",
      }).message,
    ).toBe("Password is too short. Use at least 10 characters.");
    expect(describeAuthFailure({ kind: "http", status: 403, code: "SESSION_NOT_FRESH" })).toMatchObject({
      reauthenticate: true,
    });
    expect(
      describeAuthFailure({ kind: "http", status: 400, message: "You can't unlink your last account" })
        .message,
    ).toMatch(/last sign-in method/);
    expect(describeAuthFailure({ kind: "http", status: 502 }).message).toMatch(/on our side/);
    expect(describeAuthFailure({ kind: "http", status: 418, code: "WHATEVER" }).message).toBe(
      "Something went wrong. Please try again.",
    );
  });
});

describe("parseLinkedAccounts", () => {
  it("keeps well-formed rows only", () => {
    expect(
      parseLinkedAccounts([
        { id: "a1", providerId: "credential", accountId: "u1", createdAt: "2026-01-01T00:00:00.000Z" },
        { id: "a2", providerId: "github" },
        "junk",
      ]),
    ).toEqual([
      { id: "a1", providerId: "credential", accountId: "u1", createdAt: "2026-01-01T00:00:00.000Z" },
    ]);
    expect(parseLinkedAccounts({ accounts: [] })).toEqual([]);
  });
});
