import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error: plain ESM script without type declarations
import { decodeHeader, parseMail, startMailCapture } from "./mail-capture.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

interface Capture {
  smtpUrl: string;
  messagesUrl: string;
  close: () => Promise<unknown>;
}
interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  links: string[];
}

describe("parseMail", () => {
  it("decodes multipart/alternative with quoted-printable and base64 parts", () => {
    const html = Buffer.from('<p>Hi Zoë, <a href="https://x.test/a">verify</a></p>', "utf8").toString(
      "base64",
    );
    const raw = [
      "Subject: =?UTF-8?Q?V=C3=A9rifiez?= =?UTF-8?Q?_votre_adresse?=",
      'Content-Type: multipart/alternative; boundary="--b1"',
      "",
      "----b1",
      "Content-Type: text/plain; charset=utf-8",
      "Content-Transfer-Encoding: quoted-printable",
      "",
      "Hi Zo=C3=AB, open https://auth.test/verify-email?token=3Dabc&callbackURL=3D=",
      "%2Fdone to verify.",
      "----b1",
      "Content-Type: text/html; charset=utf-8",
      "Content-Transfer-Encoding: base64",
      "",
      html,
      "----b1--",
      "",
    ].join("\r\n");
    const mail = parseMail(raw);
    expect(mail.subject).toBe("Vérifiez votre adresse");
    expect(mail.text).toBe(
      "Hi Zoë, open https://auth.test/verify-email?token=abc&callbackURL=%2Fdone to verify.",
    );
    expect(mail.links).toEqual(["https://auth.test/verify-email?token=abc&callbackURL=%2Fdone"]);
    expect(mail.html).toContain("Hi Zoë");
  });

  it("reads a single-part 7bit message and base64 encoded-word subjects", () => {
    expect(parseMail("Subject: Plain\r\nContent-Type: text/plain\r\n\r\nhello\r\n").text).toBe("hello\r\n");
    expect(decodeHeader(`=?utf-8?B?${Buffer.from("Réinitialiser").toString("base64")}?=`)).toBe(
      "Réinitialiser",
    );
  });
});

describe("startMailCapture", () => {
  let capture: Capture;
  beforeAll(async () => {
    capture = await startMailCapture({ root });
  });
  afterAll(async () => {
    await capture.close();
  });

  it("receives mail over real SMTP (nodemailer, as the auth service sends it) and lists it over HTTP", async () => {
    // nodemailer is a dependency of @parley/auth; resolve it from there like the server script does.
    const require = createRequire(path.join(root, "apps/auth/package.json"));
    const nodemailer = require("nodemailer") as {
      createTransport: (url: string) => { sendMail: (m: object) => Promise<unknown>; close: () => void };
    };
    const transport = nodemailer.createTransport(capture.smtpUrl);
    await transport.sendMail({
      from: "Parley <no-reply@parley.localhost>",
      to: "Ada@Example.com",
      subject: "Verify your e-mail address for Parley",
      text: `Open ${"https://auth.test/verify-email?token=".padEnd(120, "x")} to continue. Ünïcode.`,
      html: "<p>Open the link.</p>",
    });
    transport.close();

    const response = await fetch(`${capture.messagesUrl}?to=ada@example.com`);
    const mails = (await response.json()) as CapturedMail[];
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: ["ada@example.com"],
      subject: "Verify your e-mail address for Parley",
      html: "<p>Open the link.</p>",
    });
    expect(mails[0]?.text).toContain("Ünïcode.");
    expect(mails[0]?.links[0]).toBe("https://auth.test/verify-email?token=".padEnd(120, "x"));

    await fetch(capture.messagesUrl, { method: "DELETE" });
    expect(await (await fetch(capture.messagesUrl)).json()).toEqual([]);
  });
});
