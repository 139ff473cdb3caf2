/**
 * embed.js — the one script tag a business pastes:
 *   <script src="https://app.example/embed.js" data-chatbot-id="cb_…" async></script>
 * Optional: data-z-index="1000", data-open="true", data-lang="ar" (the widget's language when the
 * bot speaks it; default: the visitor's browser language); for a signed-in customer (see the Embed tab)
 * data-user-id, data-user-hash, data-user-email, data-user-name.
 *
 * Budget: ≤ 2 KB gzipped, no framework. It asks the API once whether the bot may run on this site
 * (and how it looks); if not, it draws nothing and says why in one console line for the site owner.
 * Otherwise it draws a launcher in a Shadow DOM, styled only through a constructable stylesheet
 * (no style="" and no inline handlers, so a strict CSP is fine), and opens the chat page
 * (/widget/chat/<id>) in an iframe on interest (hover, focus, click) or when the page is idle.
 *
 * The visitor id lives here, in the host page's own storage: browsers block or partition the chat
 * frame's storage on other sites. It is a bearer secret for the visitor's conversation, so it never
 * goes into a URL; the frame gets it by postMessage, and only a window that is this script's own
 * chat frame, at the app's origin, can receive it: the frame says "hello" (checked: app origin,
 * our iframe's window) and the answer is posted to that window for the app origin only. The frame
 * accepts it only from its parent at the origin it was told (see src/widget/bridge.ts).
 *
 * The element hangs off <html>, not <body>: single-page apps and Turbo-style navigations that
 * swap <body> keep the open chat. Included twice, the first copy is in charge.
 *
 * JS API, queued until this script has loaded:
 *   window.Parley = window.Parley || { q: [] }; Parley.q.push(["identify", { userId, userHash }]);
 *   Parley.open(); Parley.close(); Parley.toggle();
 *   Parley.identify({ userId, userHash, email, name }); Parley.identify({}) on sign-out.
 */

type Call = ArrayLike<unknown>;
type Who = Record<string, unknown>;
interface ParleyApi {
  open(): void;
  close(): void;
  toggle(): void;
  identify(who: Who): void;
  q: { push(call: Call): void };
  v: 1;
}
type Message = { parley?: string; count?: number; why?: string; css?: string; text?: string; delay?: number };
type Theme = { primaryColor: string; position: string; launcherText: string };
/** The launcher's words in the visitor's language, from the API (this script carries none). */
type Labels = { close: string; dismiss: string; unread: string; title: string };

// Top-level code: the build wraps the file in one IIFE, so nothing leaks into the page's globals.
const win = window as Window & { Parley?: Partial<ParleyApi> & { q?: Call[] | ParleyApi["q"] } };
const doc = document;
// A classic script (async or not) always knows its own element while it runs.
const script = doc.currentScript as HTMLScriptElement | null;
const previous = win.Parley;
const data = script?.dataset ?? {};
const id = data.chatbotId;
if (script && id && /^[\w-]{1,64}$/.test(id) && !previous?.v) {
  const origin = new URL(script.src).origin;
  const warn = (why: string) => console.warn(`Parley: ${why}`);
  // Storage can be switched off or throw (sandboxed pages): then the id lasts for this page view.
  const store = (key: string, value?: string) => {
    try {
      return value ? localStorage.setItem(`parley:${key}`, value) : localStorage.getItem(`parley:${key}`);
    } catch {}
  };
  let visitor = store("visitor") as string;
  // 4 × 32 random bits (≥ 22 characters but for odds of about 1 in 10^10, which only cost a new id).
  if (!/^[\w-]{22,64}$/.test(visitor)) {
    visitor = crypto.getRandomValues(new Uint32Array(4)).join("-");
    store("visitor", visitor);
  }
  // data-user-id, -user-hash, -user-email, -user-name: the chat page picks what it needs.
  let who: Who = { ...data };

  let frame: HTMLIFrameElement | undefined;
  let greeting: HTMLElement | undefined;
  let ready = false;
  let isOpen = false;
  let label = "";
  let words: Labels;
  let lang = "";

  const host = doc.createElement("parley-widget");
  const root = host.attachShadow({ mode: "open" });
  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, cls: string, text = "") => {
    const node = doc.createElement(tag);
    node.className = cls;
    node.textContent = text;
    return node;
  };
  const button = el("button", "b");
  const text = el("span", "");
  const send = (message: Message & Who) => ready && frame?.contentWindow?.postMessage(message, origin);

  const paint = () => {
    const n = button.dataset.n;
    frame?.classList.toggle("o", isOpen && ready);
    // The open look (a round "×") is styled by the chat page's half of the CSS: until it has
    // loaded, the launcher keeps its label.
    text.textContent = isOpen && ready ? "×" : label;
    button.ariaLabel = isOpen ? words.close : n ? `${label} (${words.unread.replace("{n}", n)})` : label;
    button.ariaExpanded = `${isOpen}`;
  };

  const remove = (why: string) => {
    host.remove();
    warn(why);
  };

  /**
   * The chat frame, built on interest (hover, focus, click) or when idle. Its navigation opens
   * the connection at once, so a separate preconnect hint would add bytes and no speed.
   */
  const warm = () => {
    if (frame) return;
    frame = el("iframe", "p");
    frame.title = words.title;
    // The id is [\w-], the language en or ar and an origin has no "&", "=" or "+": none needs escaping.
    frame.src = `${origin}/widget/chat/${id}?lang=${lang}#origin=${location.origin}`;
    // Our chat page says hello before its load event; a frame that never does was refused.
    frame.onload = () => setTimeout(() => ready || remove("the chat page did not load"), 8000);
    root.prepend(frame);
  };

  const dismiss = () => {
    greeting?.remove();
    store(`greeted:${id}`, "1");
  };

  const toggle = (want = !isOpen) => {
    if (want === isOpen) return;
    if (want) {
      warm();
      dismiss();
      delete button.dataset.n;
    }
    isOpen = want;
    send({ parley: want ? "open" : "close" });
    // Closing with focus inside the chat hands it back to the launcher.
    if (!want && root.activeElement === frame) button.focus();
    paint();
    if (want && ready) frame?.focus();
  };

  win.addEventListener("message", (event: MessageEvent<Message>) => {
    const m = event.data;
    if (event.origin !== origin || event.source !== frame?.contentWindow || !m) return;
    if (m.parley === "hello") {
      ready = true;
      // The rest of the launcher's styles (panel, badge, greeting) come with the chat page.
      style(`${css}${m.css}`);
      send({ parley: "init", visitor, who, open: isOpen });
      paint();
      if (isOpen) frame?.focus();
    }
    // The proactive greeting: the chat page knows its text and delay, this page what was dismissed.
    if (m.parley === "greet" && !isOpen && !greeting && !store(`greeted:${id}`))
      setTimeout(
        () => {
          if (isOpen || greeting) return;
          greeting = el("div", "g");
          const open = el("button", "", m.text);
          const close = el("button", "x", "×");
          open.onclick = () => toggle(true);
          close.onclick = dismiss;
          close.ariaLabel = words.dismiss;
          greeting.append(open, close);
          button.before(greeting);
        },
        (m.delay as number) * 1e3 - performance.now(),
      );
    if (m.parley === "gone") remove(`${m.why}`);
    if (m.parley === "close") toggle(false);
    if (m.parley === "unread" && !isOpen) {
      button.dataset.n = `${m.count}`;
      paint();
    }
  });

  const api: ParleyApi = {
    open: () => toggle(true),
    close: () => toggle(false),
    toggle: () => toggle(),
    identify: (next) => {
      who = { ...next };
      send({ parley: "identify", who });
    },
    q: { push: (call) => run(call) },
    v: 1,
  };
  const run = (call: Call) => {
    const [method, ...args] = Array.from(call);
    (api[method as "open"] as ((...a: unknown[]) => void) | undefined)?.(...args);
  };
  win.Parley = api;
  (previous?.q as Call[] | undefined)?.map(run);

  // Phones get the chat full screen, sized to the visual viewport so the keyboard never hides the input.
  const vv = win.visualViewport;
  const fit = () => {
    // CSSOM writes on the host element: allowed by a strict CSP (only style="" markup is not).
    if (vv) host.style.cssText = `--vh:${vv.height}px;--vt:${vv.offsetTop}px`;
  };

  let css = "";
  // Constructable stylesheet (allowed by any CSP); a <style> element only where those are missing.
  const style = (text: string) => {
    try {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(text);
      root.adoptedStyleSheets = [sheet];
    } catch {
      root.append(el("style", "", text));
    }
  };

  /** The bot may run here: draw the launcher as the bot's settings say. */
  const draw = (status: { theme: Theme; lang: string; dir: string; labels: Labels }) => {
    const theme = status.theme;
    // The API only stores colours like #4f46e5.
    const c = theme.primaryColor;
    label = theme.launcherText;
    words = status.labels;
    lang = host.lang = status.lang;
    host.dir = status.dir;
    // Below the 2147483647 ceiling by default, so consent banners that use it stay on top.
    const z = /^\d{1,10}$/.test(data.zIndex ?? "") ? data.zIndex : 2147483000;
    css =
      ":host{all:initial}button{border:0;background:none;font:15px/1.4 system-ui,sans-serif;cursor:pointer}" +
      `.b,.p,.g{position:fixed;${theme.position === "bottom-left" ? "left" : "right"}:20px;z-index:${z}}` +
      // Text colour: white or black, whichever contrasts more with the colour (CIE lightness
      // 49.44 is where WCAG's contrast with white and with black are equal); white where
      // relative colours are unknown.
      `.b{bottom:20px;display:flex;align-items:center;gap:8px;height:56px;padding:0 18px;border-radius:28px;background:${c};color:#fff;color:lch(from ${c} calc((49.44 - l)*infinity) 0 0);font-weight:600;box-shadow:0 6px 24px #0003}` +
      `button:focus-visible{outline:3px solid ${c};outline-offset:3px}` +
      // No icon files: a speech bubble drawn in CSS.
      ".i{width:17px;height:14px;border:2px solid;border-radius:8px 8px 8px 2px}" +
      ".p{visibility:hidden;border:0}";
    style(css);

    // No type="button" needed: a button in a shadow root belongs to no form.
    // Built node by node (no innerHTML, so pages that enforce Trusted Types are fine too).
    button.append(el("i", "i"), text);
    button.onclick = () => toggle();
    button.onpointerenter = button.onfocus = warm;
    doc.addEventListener("keydown", (e) => e.key === "Escape" && toggle(false));
    vv?.addEventListener("resize", fit);
    fit();
    paint();
    root.append(button);
    doc.documentElement.append(host);
    if (data.open === "true") toggle(true);
    // Otherwise the idle preload: 3 s in, at the next idle moment.
    else setTimeout(() => (win.requestIdleCallback ?? setTimeout)(warm), 3000);
  };

  // One small, cacheable request: may the bot run on this site, and how does it look? A "no"
  // comes with the reason, for the site owner.
  // In the visitor's language (the site's data-lang, else the browser's) when the bot speaks it.
  fetch(`${origin}/api/widget/${id}/launcher?lang=${data.lang || navigator.language}`)
    .then((res) => res.json())
    // A refusal (a 429 when the network sent too many) carries its reason as an error message.
    .then((status) => (status.available ? draw(status) : warn(status.reason ?? status.error?.message)))
    .catch(() =>
      warn(
        // i18n-ignore: a developer message in the site's console
        `could not reach ${origin} (offline, or not allowed by this page's Content-Security-Policy connect-src)`,
      ),
    );
}

export {};
