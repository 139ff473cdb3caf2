import "./widget.css";
import type { WidgetConfig, WidgetSession } from "@parley/contracts";
import { createWidgetApi, WidgetApiError } from "./api";
import { createBridge, framing, type HostMessage } from "./bridge";
import { mountChat } from "./chat";
import { accentOn, parseHex, readableTextOn } from "./contrast";
import { h } from "./dom";
import { setLanguage, t, wantedLanguage } from "./lang";
import { LAUNCHER_CSS } from "./launcher-css";
import { retrySoon } from "./retry";
import { iconButton, unavailable } from "./views";
import { isVisitorId, newVisitorId, openStore, visitorIdFrom, type Who, whoFrom } from "./visitor";

/**
 * The chat page, served at /widget/chat/<chatbotId> (inside embed.js's iframe, or opened as a
 * direct link). Its own entry and bundle: nothing here comes from the dashboard.
 */

const root =
  document.getElementById("app") ?? document.body.appendChild(h("div", { id: "app", class: "pw" }));
const chatbotId = decodeURIComponent(location.pathname.match(/^\/widget\/chat\/([^/]+)/)?.[1] ?? "");
const frame = framing();
const caller = { visitorId: "", customer: null as Who["customer"] };
const api = createWidgetApi(chatbotId, caller);
let who: Who = { customer: null };
// On its own (or in the app's demo) the page is the chat; in a customer's page, the host says.
let isOpen = frame.kind !== "host";
let chat: ReturnType<typeof mountChat> | null = null;
let config: WidgetConfig | null = null;
let greeted = false;

if (frame.kind === "top" || frame.kind === "app") caller.visitorId = visitorIdFrom(openStore());
// Framed by a page that did not say who it is: a visitor for this page view only, so such a
// page never reaches a conversation kept for a direct visit.
if (frame.kind === "foreign") caller.visitorId = newVisitorId();

let hostSpoke: () => void = () => undefined;
const hostReady = new Promise<void>((resolve) => {
  hostSpoke = resolve;
});

/** Takes what the host said about its visitor; false when nothing changed. */
const takeIdentity = (raw: unknown): boolean => {
  const next = whoFrom(raw);
  if (JSON.stringify(next) === JSON.stringify(who)) return false;
  who = next;
  caller.customer = who.customer;
  return true;
};

const bridge = createBridge(frame.kind === "host" ? frame.origin : null, (message: HostMessage) => {
  if (message.parley === "init") {
    // The first answer counts: the visitor id is the host page's, kept in its own storage.
    if (caller.visitorId) return;
    caller.visitorId = isVisitorId(message.visitor) ? message.visitor : newVisitorId();
    takeIdentity(message.who);
    isOpen = message.open === true;
    hostSpoke();
  } else if (message.parley === "open") {
    isOpen = true;
    chat?.opened();
  } else if (message.parley === "close") {
    isOpen = false;
    chat?.closed();
  } else {
    // Signed in or out on the host page: pick up as that person (a repeat of the same is nothing).
    if (takeIdentity(message.who) && config) void start(config);
  }
});
document.documentElement.classList.toggle("pw-framed", bridge.framed);
// Hello first: embed.js answers with the visitor id, and gets the launcher's other styles.
bridge.send({ parley: "hello", css: LAUNCHER_CSS });

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
  document.title = t("chatWith", { name: config.name });
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
  chat?.dispose();
  chat = null;
  const close = bridge.framed
    ? iconButton("close", t("closeChat"), () => bridge.send({ parley: "close" }), "pw-close")
    : null;
  const action = retry
    ? h("button", { type: "button", class: "pw-btn", onclick: retry }, t("tryAgain"))
    : null;
  loaded();
  root.replaceChildren(
    ...(close ? [h("div", { class: "pw-state-bar" }, close)] : []),
    unavailable(title, text, action),
  );
  if (isOpen) action?.focus();
}

/** The bot is gone (unpublished, deleted) or refused here: say so, and tell embed.js why. */
function gone() {
  showState(t("goneTitle"), t("goneText"), null);
  bridge.send({
    parley: "gone",
    // i18n-ignore: a developer message, embed.js logs it to the console
    why: `chatbot ${chatbotId || "(no id)"} is not available (unpublished or deleted).`,
  });
}

let cancelRetry: (() => void) | null = null;

/**
 * A failed load: a bot that is not there ends it; a network failure says so and tries again by
 * itself; anything else (rate limit, server error) waits for the visitor's "Try again".
 */
function failed(err: unknown, again: () => void, failures: number) {
  if (err instanceof WidgetApiError && (err.status === 404 || err.status === 403)) return gone();
  const offline = !(err instanceof WidgetApiError) || err.code === "NETWORK";
  showState(
    t("loadFailedTitle"),
    offline ? t("loadOffline") : err instanceof WidgetApiError ? err.message : t("pleaseTryAgain"),
    () => {
      cancelRetry?.();
      again();
    },
  );
  if (offline) cancelRetry = retrySoon(again, failures);
}

/** Whom the chat speaks for, and where it picks up; then the chat itself. */
async function start(current: WidgetConfig, failures = 0) {
  cancelRetry?.();
  let session: WidgetSession;
  try {
    session = await api.session();
  } catch (err) {
    return failed(err, () => void start(current, failures + 1), failures + 1);
  }
  if (who.warning) console.warn(`Parley: ${who.warning}`);
  if (session.identity.message) console.warn(`Parley: ${session.identity.message}`);
  // Refused: the visitor is anonymous; stop sending an identity the API will not take.
  if (session.identity.status === "refused") caller.customer = null;
  chat?.dispose();
  loaded();
  chat = mountChat({
    root,
    config: current,
    api,
    bridge,
    resumed: session.conversation,
    verified: session.identity.status === "verified",
    open: isOpen,
  });
  chat.identify({ email: who.email, name: who.name });
  if (isOpen) chat.opened();
  // The greeting bubble: embed.js shows it after the delay, unless this visitor dismissed it.
  if (bridge.framed && current.greetingBubble && !greeted) {
    greeted = true;
    bridge.send({
      parley: "greet",
      text: current.greetingBubble.text,
      delay: current.greetingBubble.delaySeconds,
    });
  }
}

/** document.cookie, or nothing where reading it throws (sandboxed frames). */
function readCookie(): string {
  try {
    return document.cookie;
  } catch {
    return "";
  }
}

/** What the visitor wants: embed.js's choice in ?lang=, else the app's cookie, else the browser's. */
const wanted = wantedLanguage(location.search, navigator.languages ?? [navigator.language], readCookie());
// Loaded while the config is on its way (Arabic is its own chunk): errors before it speak it too.
const speaking = setLanguage(wanted)
  .catch(() => setLanguage("en"))
  .then(() => {
    if (root.classList.contains("pw-loading")) root.setAttribute("aria-label", t("loading"));
  });

async function boot(failures = 0) {
  cancelRetry?.();
  if (!chatbotId) {
    await speaking;
    return gone();
  }
  if (frame.kind === "host") {
    // embed.js answers hello at once; a page that never answers gets a visitor for this view only.
    await Promise.race([hostReady, new Promise((resolve) => setTimeout(resolve, 3000))]);
    if (!caller.visitorId) caller.visitorId = newVisitorId();
  }
  try {
    [, config] = await Promise.all([speaking, api.config(wanted)]);
    // The bot's language for this visitor (the wanted one when the bot speaks it).
    if (config.language !== wanted) await setLanguage(config.language);
  } catch (err) {
    await speaking;
    return failed(err, () => void boot(failures + 1), failures + 1);
  }
  applyTheme(config);
  await start(config);
}

trackViewport();
void boot();
