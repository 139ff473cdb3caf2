import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_URL, createTestApp, type TestApp } from "./harness";

/**
 * Postgres refuses the NUL character; better-auth then fails deep inside with "Failed to create
 * user". The auth host refuses a NUL in any field up front with a 400 naming the field.
 */
describe("NUL bytes at the auth host", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("pglite");
  });
  afterAll(async () => t?.close());

  const post = (url: string, payload: string, type = "application/json") =>
    t.app.inject({ method: "POST", url, headers: { origin: AUTH_URL, "content-type": type }, payload });

  it.each([
    ["name", { name: "Nu\u0000l", email: "nul-name@example.com", password: "correct horse battery" }],
    ["email", { name: "Nul", email: "nul\u0000@example.com", password: "correct horse battery" }],
  ])("refuses a NUL in the sign-up %s with a 400 that names it", async (field, body) => {
    const res = await post("/sign-up/email", JSON.stringify(body));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: "VALIDATION_ERROR",
      message: `[body.${field}] must not contain the NUL character (\\u0000)`,
    });
  });

  it("refuses it in a form post and in the query too", async () => {
    const form = await post(
      "/sign-in/email",
      "email=a%00%40example.com&password=correct+horse",
      "application/x-www-form-urlencoded",
    );
    expect(form.statusCode).toBe(400);
    const query = await t.app.inject({ method: "GET", url: "/verify-email?token=abc%00" });
    expect(query.statusCode).toBe(400);
  });

  it("still signs up the same person without the NUL", async () => {
    const res = await post(
      "/sign-up/email",
      JSON.stringify({ name: "Nul", email: "nul-name@example.com", password: "correct horse battery" }),
    );
    expect(res.statusCode).toBe(200);
  });
});
