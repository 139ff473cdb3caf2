import { errorBodySchema } from "@parley/contracts";
import { serverMessageFor } from "@parley/ui/i18n/server-messages";
import ar from "@parley/ui/locales/ar/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness";

// Issue #32: every error body names its message's code (`messageKey`) and the values of its
// placeholders, next to the English `message` (unchanged, word for word), so the apps translate the
// code and never the English sentence.

describe("error bodies carry their message's code", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("pglite");
  });
  afterAll(async () => t?.close());

  it("names the code of a thrown AppError's message", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/user/me" });
    expect(res.statusCode).toBe(401);
    const body = errorBodySchema.parse(res.json());
    expect(body.error).toMatchObject({
      code: "UNAUTHORIZED",
      message: "Sign in to continue",
      messageKey: "session.signInToContinue",
    });
    expect(body.error.values).toBeUndefined();
  });

  it("names the code and values of each field problem (details), not of the English summary", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/widget/bot_nope/conversations/conv_nope/messages",
      payload: { content: "x".repeat(2001) },
    });
    expect(res.statusCode).toBe(400);
    const body = errorBodySchema.parse(res.json());
    expect(body.error.code).toBe("VALIDATION_FAILED");
    // The summary builds in an English field message: it has no code (the apps show the code's words).
    expect(body.error.message).toBe("Invalid request: body.content Messages are limited to 2,000 characters");
    expect(body.error.messageKey).toBeUndefined();
    expect(body.error.details).toEqual([
      {
        path: "body.content",
        message: "Messages are limited to 2,000 characters",
        messageKey: "chatbot.messagesLimitedToCharacters",
        values: { max: "2,000" },
      },
    ]);
    // What an Arabic reader of the web app sees for that field: the code's Arabic, with the value.
    const [detail] = body.error.details ?? [];
    const shown = serverMessageFor("ar", detail?.message, ar, "fallback", detail);
    expect(shown).toBe(ar["chatbot.messagesLimitedToCharacters"].replace("{{max}}", "2,000"));
  });

  it("sends no code for a message people never see (a route that does not exist)", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/no-such-route" });
    expect(res.statusCode).toBe(404);
    const body = errorBodySchema.parse(res.json());
    expect(body.error.messageKey).toBeUndefined();
    expect(body.error.values).toBeUndefined();
  });
});
