import { describe, expect, it } from "vitest";
import { framing, isHostMessage } from "./bridge";

// Plain objects shaped like the browser's windows: a parent whose location throws when read is
// a cross-origin parent, as in a browser.
const page = (hash: string, parent: "self" | "same-origin" | "cross-origin") => {
  const win = { location: { origin: "https://app.parley.example", hash } } as unknown as Window & {
    parent: Window;
  };
  const other = {
    get location() {
      if (parent === "cross-origin") throw new DOMException("Blocked a frame", "SecurityError");
      return { origin: "https://app.parley.example" };
    },
  } as unknown as Window;
  win.parent = parent === "self" ? win : other;
  return win;
};

describe("how the chat page is shown", () => {
  it("on its own, or inside the app's own pages", () => {
    expect(framing(page("", "self"))).toEqual({ kind: "top" });
    expect(framing(page("#origin=https://evil.example", "same-origin"))).toEqual({ kind: "app" });
  });

  it("inside a customer's page that said its origin", () => {
    expect(framing(page("#origin=https://shop.example", "cross-origin"))).toEqual({
      kind: "host",
      origin: "https://shop.example",
    });
    expect(framing(page("#origin=http%3A%2F%2Flocalhost%3A8080", "cross-origin"))).toEqual({
      kind: "host",
      origin: "http://localhost:8080",
    });
  });

  it("inside any other page: nothing trusted from it", () => {
    for (const hash of [
      "",
      "#origin=",
      "#origin=javascript:alert(1)",
      "#origin=https://shop.example/path",
      "#origin=https://shop.example/",
      "#origin=data:text/html,x",
      "#origin=not a url",
    ]) {
      expect(framing(page(hash, "cross-origin")), hash).toEqual({ kind: "foreign" });
    }
  });
});

describe("messages from the host", () => {
  it("are only the four the page understands", () => {
    expect(isHostMessage({ parley: "init", visitor: "x" })).toBe(true);
    expect(isHostMessage({ parley: "identify", who: {} })).toBe(true);
    expect(isHostMessage({ parley: "open" })).toBe(true);
    expect(isHostMessage({ parley: "close" })).toBe(true);
    for (const other of [null, "open", { parley: "hello" }, { parley: "gone" }, { type: "open" }, []]) {
      expect(isHostMessage(other)).toBe(false);
    }
  });
});
