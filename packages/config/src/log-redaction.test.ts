import { describe, expect, it } from "vitest";
import { isSecretParam, logSerializers, redactHeaders, redactUrl } from "./log-redaction";

describe("credentials in logged URLs and headers (issue #35)", () => {
  it("redacts each credential in a query and keeps everything else as it came", () => {
    expect(redactUrl("/api/v1/chatbots?api_key=prly_abc&limit=5")).toBe(
      "/api/v1/chatbots?api_key=[redacted]&limit=5",
    );
    expect(redactUrl("/x?hub.mode=subscribe&hub.verify_token=vt&hub.challenge=42")).toBe(
      "/x?hub.mode=subscribe&hub.verify_token=[redacted]&hub.challenge=42",
    );
    expect(redactUrl("/x?q=caf%C3%A9+au+lait&page=2")).toBe("/x?q=caf%C3%A9+au+lait&page=2");
    expect(redactUrl("/cb?code=abc&state=s1")).toBe("/cb?code=[redacted]&state=s1");
    expect(redactUrl("/plain/path")).toBe("/plain/path");
  });

  it("finds a credential however its name is spelt or encoded", () => {
    for (const name of [
      "api_key",
      "apiKey",
      "API-KEY",
      "key",
      "token",
      "access_token",
      "refresh_token",
      "id_token",
      "hub.verify_token",
      "secret",
      "client_secret",
      "password",
      "signature",
      "X-Amz-Signature",
      "sig",
    ])
      expect(isSecretParam(name), name).toBe(true);
    for (const name of ["q", "limit", "cursor", "lang", "hub.challenge", "hub.mode", "chatbotId", "from"])
      expect(isSecretParam(name), name).toBe(false);
    expect(redactUrl("/x?api%5Fkey=prly_abc&access%5Ftoken=t")).toBe(
      "/x?api%5Fkey=[redacted]&access%5Ftoken=[redacted]",
    );
    expect(redactUrl("/x?token&%E0%A4%A=1")).toBe("/x?token=[redacted]&%E0%A4%A=1");
    expect(redactUrl("/x?token=a&token=b")).toBe("/x?token=[redacted]&token=[redacted]");
  });

  it("redacts a password reset token in the path", () => {
    expect(redactUrl("/reset-password/AbC123xyz?callbackURL=%2Freset")).toBe(
      "/reset-password/[redacted]?callbackURL=%2Freset",
    );
  });

  it("redacts credential headers and the request line Fastify logs", () => {
    expect(
      redactHeaders({
        authorization: "Bearer t",
        "X-Api-Key": "k",
        "x-hub-signature-256": "sha256=x",
        accept: "*/*",
      }),
    ).toEqual({
      authorization: "[redacted]",
      "X-Api-Key": "[redacted]",
      "x-hub-signature-256": "[redacted]",
      accept: "*/*",
    });
    expect(
      logSerializers.req({
        method: "GET",
        url: "/a?api_key=k",
        host: "h",
        ip: "1.2.3.4",
        socket: { remotePort: 5 },
      }),
    ).toEqual({
      method: "GET",
      url: "/a?api_key=[redacted]",
      host: "h",
      remoteAddress: "1.2.3.4",
      remotePort: 5,
    });
  });
});
