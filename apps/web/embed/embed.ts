/**
 * embed.js — the one script tag a business pastes:
 *   <script src="https://app.example/embed.js" data-chatbot-id="cb_…" async></script>
 * Optional: data-position="bottom-left", data-color="#0f766e", data-label="Ask us",
 * data-z-index="1000", data-open="true".
 *
 * Budget: ≤ 2 KB gzipped, no framework, no request before the visitor shows interest (hover,
 * focus, click) or the page goes idle. It draws a launcher in a Shadow DOM, styled only through a
 * constructable stylesheet (no style="" and no inline handlers, so a strict CSP is fine), and opens
 * the chat page (/widget/chat/<id>) in an iframe. The two talk by postMessage, each checking the
 * other's origin.
 *
 * JS API, queued until this script has loaded:
 *   window.Parley = window.Parley || { q: [] }; Parley.q.push(["identify", { email }]);
 *   Parley.open(); Parley.close(); Parley.toggle(); Parley.identify({ email, name });
 */

type Call = ArrayLike<unknown>;
interface ParleyApi {
  open(): void;
  close(): void;
  toggle(): void;
  identify(who: { email?: string; name?: string }): void;
  q: { push(call: Call): void };
  v: 1;
}
type Message = { parley?: string; ok?: boolean; count?: number; theme?: Theme };
type Theme = { primaryColor?: string; position?: string; launcherText?: string };

// Top-level code: the build wraps the file in one IIFE, so nothing leaks into the page's globals.
const win = window as Window & { Parley?: Partial<ParleyApi> & { q?: Call[] | ParleyApi["q"] } };
const doc = document;
const script =
  (doc.currentScript as HTMLScriptElement | null) ??
  [...doc.querySelectorAll<HTMLScriptElement>("script[data-chatbot-id]")].find((s) =>
    /\/embed\.js(?:[?#]|$)/.test(s.src),
  );
const previous = win.Parley;
const data = script?.dataset ?? {};
const id = data.chatbotId;
// Included twice: the first copy is in charge. No (valid) id: nothing to open.
if (script && id && /^[\w-]{1,64}$/.test(id) && !previous?.v) {
  const origin = new URL(script.src).origin;

  // Data attributes win; the bot's theme (sent by the chat page once loaded) fills the rest.
  let theme: Theme = {};
  const HEX = /^#[\da-f]{6}$/i;
  // Below the 2147483647 ceiling by default, so consent banners that use it stay on top.
  const z = /^\d{1,10}$/.test(data.zIndex ?? "") ? data.zIndex : 2147483000;
  let frame: HTMLIFrameElement | undefined;
  let ready = false;
  let isOpen = false;
  let unread = false;
  let outbox: Message[] = [];
  let viewport = "";

  const host = doc.createElement("parley-widget");
  const root = host.attachShadow({ mode: "open" });
  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, cls: string) => {
    const node = doc.createElement(tag);
    node.className = cls;
    return node;
  };
  const button = el("button", "b");
  const text = el("span", "");
  // setAttribute stringifies booleans itself.
  const attr = (node: Element, name: string, value: string | boolean) =>
    node.setAttribute(name, value as string);

  // Constructable stylesheet (allowed by any CSP); a <style> element only where those are missing.
  let sheet: { replaceSync(css: string): void };
  try {
    sheet = new CSSStyleSheet();
    root.adoptedStyleSheets = [sheet as CSSStyleSheet];
  } catch {
    const style = root.appendChild(el("style", ""));
    sheet = { replaceSync: (css) => (style.textContent = css) };
  }

  const paint = () => {
    const color = [data.color, theme.primaryColor, "#4f46e5"].find((c) => HEX.test(c ?? "")) as string;
    const left = (data.position || theme.position) === "bottom-left";
    const label = data.label || theme.launcherText || "Chat with us";
    // White text when it reaches 4.5:1 on the colour (relative luminance ≤ 0.183, sRGB taken
    // as gamma 2.2 to save bytes; the chat page uses the exact WCAG curve), else dark.
    let lum = 0;
    [0.2126, 0.7152, 0.0722].forEach((weight, i) => {
      lum += weight * (Number(`0x${color.substr(1 + 2 * i, 2)}`) / 255) ** 2.2;
    });
    sheet.replaceSync(
      `:host{all:initial;--c:${color};--t:${lum > 0.183 ? "#111827" : "#fff"};--z:${z};${left ? "--s:auto;--e:20px" : "--s:20px;--e:auto"}${viewport}}` +
        ".b,.p{position:fixed;right:var(--s);left:var(--e);z-index:var(--z)}" +
        ".b{bottom:20px;display:flex;align-items:center;gap:8px;height:56px;padding:0 20px 0 16px;border:0;border-radius:28px;background:var(--c);color:var(--t);font:600 15px system-ui,sans-serif;cursor:pointer;box-shadow:0 6px 24px #0003}" +
        ".b:focus-visible{outline:3px solid var(--c);outline-offset:3px}" +
        // No icon files: a speech bubble drawn in CSS; when open, the label becomes "×".
        ".i{width:17px;height:14px;border:2px solid;border-radius:8px 8px 8px 2px}" +
        "[aria-expanded=true]{width:56px;justify-content:center;padding:0;font:300 34px system-ui,sans-serif}[aria-expanded=true] i{display:none}" +
        // Unread reply while closed: the bubble fills in red.
        ".u .i{background:#e11d48;border-color:#e11d48}" +
        ".p{bottom:88px;width:400px;height:640px;max-height:calc(100dvh - 108px);border:0;border-radius:16px;background:#fff;box-shadow:0 12px 48px #0004;visibility:hidden;opacity:0}" +
        ".o{visibility:visible;opacity:1;transition:.2s}" +
        "@media(max-width:480px){.p{inset:0;top:var(--vt,0);width:100%;height:var(--vh,100%);max-height:none;border-radius:0}.o+.b{display:none}}",
    );
    const shown = isOpen && ready;
    frame?.classList.toggle("o", shown);
    if (shown) unread = false;
    button.classList.toggle("u", unread);
    text.textContent = isOpen ? "×" : label;
    attr(button, "aria-label", isOpen ? "Close chat" : label + (unread ? " (new message)" : ""));
    attr(button, "aria-expanded", isOpen);
  };

  // Phones get the chat full screen, sized to the visual viewport so the keyboard never hides the input.
  const vv = win.visualViewport;
  const fit = () => {
    if (vv) viewport = `;--vh:${vv.height}px;--vt:${vv.offsetTop}px`;
    paint();
  };

  const post = (message: Message) => {
    if (ready) frame?.contentWindow?.postMessage(message, origin);
    else outbox.push(message);
  };

  const remove = () => {
    host.remove();
    console.warn("Parley: chat unavailable");
  };

  /**
   * The first network use: the hidden chat frame, built on interest (hover, focus, click) or when
   * idle. Its navigation opens the connection at once, so a separate preconnect hint would add
   * bytes and no speed.
   */
  const warm = () => {
    if (frame) return;
    frame = el("iframe", "p");
    frame.title = "Chat";
    frame.allow = "clipboard-write";
    // The id is [\w-] and an origin has no "&", "=" or "+": neither needs escaping here.
    frame.src = `${origin}/widget/chat/${id}#origin=${location.origin}`;
    // A frame that never says "ready" was refused (domain not allowed, bot gone): no chat here.
    frame.onload = () => setTimeout(() => ready || remove(), 8000);
    button.before(frame);
  };

  const toggle = (want = !isOpen) => {
    if (want === isOpen) return;
    if (want) warm();
    isOpen = want;
    post({ parley: want ? "open" : "close" });
    // Closing with focus inside the chat hands it back to the launcher.
    if (!want && root.activeElement === frame) button.focus();
    fit();
    if (want && ready) frame?.focus();
  };

  win.addEventListener("message", (event: MessageEvent<Message>) => {
    const m = event.data;
    if (event.origin !== origin || event.source !== frame?.contentWindow || !m) return;
    if (m.parley === "ready") {
      if (!m.ok) return remove();
      ready = true;
      theme = m.theme ?? {};
      outbox.map(post);
      outbox = [];
      fit();
      if (isOpen) frame?.focus();
    }
    if (m.parley === "close") toggle(false);
    if (m.parley === "unread" && !isOpen) {
      unread = true;
      paint();
    }
  });

  // No type="button" needed: a button in a shadow root belongs to no form.
  // Built node by node (no innerHTML, so pages that enforce Trusted Types are fine too).
  button.append(el("i", "i"), text);
  button.onclick = () => toggle();
  button.onpointerenter = button.onfocus = warm;
  doc.addEventListener("keydown", (e) => e.key === "Escape" && toggle(false));
  vv?.addEventListener("resize", fit);

  const api: ParleyApi = {
    open: () => toggle(true),
    close: () => toggle(false),
    toggle: () => toggle(),
    identify: (who) => post({ parley: "identify", ...who }),
    q: { push: (call) => run(call) },
    v: 1,
  };
  const run = (call: Call) => {
    const [method, ...args] = Array.from(call);
    (api[method as "open"] as ((...a: unknown[]) => void) | undefined)?.(...args);
  };

  paint();
  root.append(button);
  // A script in <head> can run before <body> exists; <html> holds the launcher just as well.
  (doc.body ?? doc.documentElement).append(host);
  win.Parley = api;
  (previous?.q as Call[] | undefined)?.map(run);
  if (data.open === "true") toggle(true);
  // Otherwise the idle preload: 3 s in, at the next idle moment.
  else setTimeout(() => (win.requestIdleCallback ?? setTimeout)(warm), 3000);
}

export {};
