import "./widget.css";
import type { WidgetConfig } from "@parley/contracts";
import { createWidgetApi, WidgetApiError } from "./api";
import { createBridge, hostOrigin } from "./bridge";
import { mountChat } from "./chat";
import { accentOn, parseHex, readableTextOn } from "./contrast";
import { h } from "./dom";
import { iconButton, unavailable } from "./views";
import { openStore, visitorIdFrom } from "./visitor";

/**
 * The chat page, served at /widget/chat/<chatbotId> (inside embed.js's iframe, or opened as a
 * direct link). Its own entry and bundle: nothing here comes from the dashboard.
 */

const root =
  document.getElementById("app") ?? document.body.appendChild(h("div", { id: "app", class: "pw" }));
const chatbotId = decodeURIComponent(location.pathname.match(/^\/widget\/chat\/([^/]+)/)?.[1] ?? "");
const store = openStore();
const visitorId = visitorIdFrom(store);
const api = createWidgetApi(chatbotId, visitorId);

let chat: ReturnType<typeof mountChat> | null = null;
let pendingIdentity: { email?: string; name?: string } = {};
const bridge = createBridge(hostOrigin(), (message) => {
  if (message.parley === "open") chat?.opened();
  else if (message.parley === "close") chat?.closed();
  else {
    const who = {
      ...(typeof message.email === "string" ? { email: message.email.slice(0, 254) } : {}),
      ...(typeof message.name === "string" ? { name: message.name.slice(0, 120) } : {}),
    };
    pendingIdentity = { ...pendingIdentity, ...who };
    chat?.identify(who);
  }
});
document.documentElement.classList.toggle("pw-framed", bridge.framed);

addEventListener("keydown", (event) => {
  if (event.key === "Escape" && bridge.framed && !event.defaultPrevented) bridge.send({ parley: "close" });
});

/** Theme colours as CSS custom properties (set through the CSSOM, which a strict CSP allows). */
function applyTheme(config: WidgetConfig) {
  const primary = parseHex(config.theme.primaryColor) ? config.theme.primaryColor : "#4f46e5";
  const style = document.documentElement.style;
  style.setProperty("--pw-primary", primary);
  style.setProperty("--pw-on-primary", readableTextOn(primary));
  style.setProperty("--pw-accent", accentOn(primary, "#ffffff"));
  document.title = `Chat with ${config.name}`;
  document.querySelector('meta[name="theme-color"]')?.setAttribute("content", primary);
}

/**
 * Phones: size the page to the visual viewport, so the composer stays above the on-screen
 * keyboard (iOS does not resize the layout viewport for it, and dvh ignores the keyboard).
 */
function trackViewport() {
  const vv = window.visualViewport;
  if (!vv) return;
  const fit = () => {
    const style = document.documentElement.style;
    style.setProperty("--pw-vh", `${Math.round(vv.height)}px`);
    style.setProperty("--pw-vt", `${Math.round(vv.offsetTop)}px`);
    chat?.scroll();
  };
  vv.addEventListener("resize", fit);
  vv.addEventListener("scroll", fit);
  fit();
}

/** Drops the static "loading" markup's role once there is real content. */
function loaded() {
  root.classList.remove("pw-loading");
  root.removeAttribute("role");
  root.removeAttribute("aria-label");
}

function showState(title: string, text: string, retry: (() => void) | null) {
  const close = bridge.framed
    ? iconButton("close", "Close chat", () => bridge.send({ parley: "close" }), "pw-close")
    : null;
  const action = retry ? h("button", { type: "button", class: "pw-btn", onclick: retry }, "Try again") : null;
  loaded();
  root.replaceChildren(
    ...(close ? [h("div", { class: "pw-state-bar" }, close)] : []),
    unavailable(title, text, action),
  );
  action?.focus();
}

async function boot() {
  if (!chatbotId) {
    showState("This chat is not available", "The chat link is missing its chatbot id.", null);
    bridge.send({ parley: "ready", ok: false });
    return;
  }
  let config: WidgetConfig;
  try {
    config = await api.config();
  } catch (err) {
    if (err instanceof WidgetApiError && (err.status === 404 || err.status === 403)) {
      showState(
        "This chat is not available",
        "It may have been switched off, or the link may be incomplete. Please try again later, or contact the business another way.",
        null,
      );
      bridge.send({ parley: "ready", ok: false });
      return;
    }
    showState(
      "We couldn't load the chat",
      err instanceof WidgetApiError ? err.message : "Please check your connection and try again.",
      () => void boot(),
    );
    return;
  }
  applyTheme(config);
  loaded();
  chat = mountChat({ root, config, api, store, bridge });
  chat.identify(pendingIdentity);
  bridge.send({ parley: "ready", ok: true, theme: config.theme });
  if (!bridge.framed) chat.opened();
}

trackViewport();
void boot();
