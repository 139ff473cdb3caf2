// The English catalog, registered as the Arabic table's loader registers it in the app.
import "@parley/ui/i18n/server-keys";
import { serverMessageFor } from "@parley/ui/i18n/server-messages";
import arServer from "@parley/ui/locales/ar/server";
import { describe, expect, it } from "vitest";

// What the inbox shows when a live-chat action is refused, as an Arabic reader sees it (the API's
// English messages through the server-message table, as useErrorText does). The fallback is the
// error code's own message: never the English text.

const arabic = (message: string) => serverMessageFor("ar", message, arServer, "CODE-FALLBACK");

describe("live chat refusals in Arabic", () => {
  it("names who won a claim race, whatever their name", () => {
    expect(arabic("Sara Haddad is already handling this conversation.")).toBe(
      "Sara Haddad يتولى هذه المحادثة بالفعل.",
    );
    expect(arabic("ليلى الحسن is already handling this conversation.")).toBe(
      "ليلى الحسن يتولى هذه المحادثة بالفعل.",
    );
    // The API's words when the member has no name: no English inside the Arabic.
    expect(arabic("Another member is already handling this conversation.")).toBe(
      "عضو آخر يتولى هذه المحادثة بالفعل.",
    );
  });

  it("translates the other refusals of the team's live routes", () => {
    for (const message of [
      "This conversation is closed. It reopens when the visitor writes again.",
      "Only website conversations can be handed to a person.",
      "Too many typing signals. Please wait a moment.",
      "Too many open dashboard tabs. Close one and try again.",
      "You're sending messages too quickly. Please wait a moment and try again.",
    ]) {
      const shown = arabic(message);
      expect(shown, message).not.toBe("CODE-FALLBACK");
      expect(shown, message).toMatch(/[\u0600-\u06ff]/);
      expect(shown, message).not.toMatch(/[A-Za-z]{3,}/);
    }
  });

  it("shows English readers the server's words, and an unknown message as the code's", () => {
    expect(serverMessageFor("en", "Sara is already handling this conversation.", {}, "x")).toBe(
      "Sara is already handling this conversation.",
    );
    expect(arabic("is already handling this conversation.")).toBe("CODE-FALLBACK");
  });
});
