import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import ar from "../locales/ar/server";
import { messageKeyOf, serverCatalog, serverMessage, withMessageKeys } from "./server-keys";
import { matchServerMessage } from "./server-match";
import {
  fillServerMessage,
  type MessageValues,
  serverMessageFor,
  translateServerMessage,
} from "./server-messages";

// Issue #32: words by key, not by English. The client translates a server message by its code and
// values; the English sentence is only a fallback for bodies that carry no code.

const CODE = "رسالة الرمز";

describe("server messages by code", () => {
  it("gives Arabic by the code, even when the English text differs from the catalog's", () => {
    const shown = serverMessageFor("ar", "Some other English wording the client never saw", ar, CODE, {
      messageKey: "plan.planIncludesChatbotsUpgradePlan",
      values: { plan: "Pro", count: 5 },
    });
    expect(shown).not.toBe(CODE);
    expect(shown).toMatch(/[\u0600-\u06FF]/);
    expect(shown).toContain("Pro");
    expect(shown).toContain("5");
    expect(shown).not.toMatch(/\{\{|English/);
  });

  it("prefers the code over the English it was sent with", () => {
    // The English says one thing, the code another: the code wins (the English is not the key).
    expect(
      serverMessageFor("ar", "Chatbot not found", ar, CODE, { messageKey: "session.signInToContinue" }),
    ).toBe(ar["session.signInToContinue"]);
  });

  it("shows English readers the server's own words, or the catalog's when it sent none", () => {
    const keyed = { messageKey: "chatbot.messagesLimitedToCharacters", values: { max: 2000 } };
    expect(serverMessageFor("en", "As the server said it", ar, CODE, keyed)).toBe("As the server said it");
    expect(serverMessageFor("en", "", ar, CODE, keyed)).toBe("Messages are limited to 2000 characters");
  });

  it("falls back to the English text's code, then to the error code's message", () => {
    // An older server (no code): the English is matched against the English catalog.
    expect(serverMessageFor("ar", "Chatbot not found", ar, CODE)).toBe(ar["chatbot.chatbotNotFound"]);
    expect(serverMessageFor("ar", "Nobody knows this sentence", ar, CODE)).toBe(CODE);
  });

  describe("hostile bodies", () => {
    it("an unknown code, or one of Object's own names, gives the code's message", () => {
      for (const messageKey of ["no.such.code", "__proto__", "constructor", "toString", "hasOwnProperty", ""])
        expect(serverMessageFor("ar", "Unknown English", ar, CODE, { messageKey }), messageKey).toBe(CODE);
    });

    it("a code with missing or unusable values never shows a raw placeholder", () => {
      const messageKey = "plan.planIncludesChatbotsUpgradePlan";
      const cases: (MessageValues | undefined)[] = [
        undefined,
        {},
        { plan: "Pro" },
        { plan: "Pro", count: Number.NaN },
        // A body that breaks the contract on purpose.
        { plan: "Pro", count: { nested: 1 } } as unknown as MessageValues,
      ];
      for (const values of cases) {
        const shown = serverMessageFor("ar", "x", ar, CODE, { messageKey, values });
        expect(shown, JSON.stringify(values)).toBe(CODE);
      }
      expect(translateServerMessage(ar, messageKey, { plan: "Pro" })).toBeNull();
    });

    it("values are text: a placeholder or HTML inside one is neither filled again nor markup", () => {
      const values = { name: "{{name}} <img src=x onerror=alert(1)> {{__proto__}}" };
      const shown = serverMessageFor("ar", "x", ar, CODE, {
        messageKey: "liveChat.alreadyHandlingConversation",
        values,
      });
      expect(shown).toBe(ar["liveChat.alreadyHandlingConversation"].replace("{{name}}", values.name));
      expect(fillServerMessage("{{a}}{{b}}", { a: "{{b}}", b: "B" })).toBe("{{b}}B");
      // The apps render it as a text node: React escapes it.
      const html = renderToStaticMarkup(createElement("p", null, shown));
      expect(html).not.toContain("<img");
      expect(html).toContain("&lt;img");
    });

    it("values from the prototype do not count as values", () => {
      expect(fillServerMessage("{{toString}}", {})).toBeNull();
    });
  });
});

describe("the servers' side: a message's code and values", () => {
  it("finds the code of exact messages and of templates, with named values", () => {
    expect(messageKeyOf("Chatbot not found")).toEqual({ messageKey: "chatbot.chatbotNotFound" });
    expect(messageKeyOf("Sara Haddad is already handling this conversation.")).toEqual({
      messageKey: "liveChat.alreadyHandlingConversation",
      values: { name: "Sara Haddad" },
    });
    expect(messageKeyOf("Route GET /nope not found")).toEqual({});
  });

  it("keys each field of `details`", () => {
    expect(
      withMessageKeys([
        { path: "body.name", message: "Give your chatbot a name" },
        { path: "body.x", message: "is not known here" },
      ]),
    ).toEqual([
      { path: "body.name", message: "Give your chatbot a name", messageKey: "chatbot.giveChatbotName" },
      { path: "body.x", message: "is not known here" },
    ]);
  });

  it("matches every template of the catalog back to its own code", () => {
    // Each English text, with sample values, finds its own code (no template hides another).
    const clashes: string[] = [];
    for (const [code, english] of Object.entries(serverCatalog)) {
      const sample = english.replace(/\{\{(\w+)\}\}/g, (_w, name: string) => `«${name}»`);
      const found = matchServerMessage(sample);
      if (found?.messageKey !== code) clashes.push(`${code} → ${found?.messageKey}`);
    }
    expect(clashes).toEqual([]);
  });
});

describe("a site that names its message by code", () => {
  it("gets the catalog's English, the code and the values; the compiler checks codes and values", () => {
    expect(serverMessage("session.signInToContinue")).toEqual({
      message: "Sign in to continue",
      messageKey: "session.signInToContinue",
    });
    expect(serverMessage("liveChat.alreadyHandlingConversation", { name: "Sara" })).toEqual({
      message: "Sara is already handling this conversation.",
      messageKey: "liveChat.alreadyHandlingConversation",
      values: { name: "Sara" },
    });
    // @ts-expect-error: this message needs its values ({{name}})
    expect(() => serverMessage("liveChat.alreadyHandlingConversation")).toThrow(/placeholder/);
    // @ts-expect-error: no such code
    expect(() => serverMessage("session.noSuchCode")).toThrow();
    // @ts-expect-error: a value the message does not have (and not the one it needs)
    expect(() => serverMessage("liveChat.alreadyHandlingConversation", { person: "Sara" })).toThrow();
  });
});
