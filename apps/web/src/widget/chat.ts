import type { WidgetConfig, WidgetConversation, WidgetMessage } from "@parley/contracts";
import type { WidgetApi } from "./api";
import { WidgetApiError } from "./api";
import type { Bridge } from "./bridge";
import { h, icon } from "./dom";
import { t } from "./lang";
import { retrySoon } from "./retry";
import {
  type AssistantView,
  assistantMessage,
  errorLine,
  header,
  type LeadFormView,
  leadForm,
  suggestions,
  userMessage,
} from "./views";

/** Same limit as the contracts' MAX_MESSAGE_LENGTH (a value import would pull zod into the page). */
export const MAX_LENGTH = 2000;
/** Western digits with thousands separators in both languages (as the rest of the product). */
const number = (n: number) => n.toLocaleString("en-US");
const COUNTER_FROM = 1800;

export interface ChatDeps {
  root: HTMLElement;
  config: WidgetConfig;
  api: WidgetApi;
  bridge: Bridge;
  /** The conversation to pick up (the API's session), or null to start afresh. */
  resumed: WidgetConversation | null;
  /** A customer the business vouched for: they are not asked for their e-mail. */
  verified: boolean;
  /** Whether the panel is open on the host page now. */
  open: boolean;
}

/** The live chat: history, composer, streaming, feedback, lead capture, errors with retry. */
export function mountChat({ root, config, api, bridge, resumed, verified, ...deps }: ChatDeps) {
  let conversationId = resumed?._id ?? null;
  let leadCaptured = resumed?.leadCaptured ?? false;
  let busy = false;
  let open = deps.open;
  let failures = 0;
  let cancelRetry: (() => void) | null = null;
  let unread = 0;
  let identity: { email?: string; name?: string } = {};
  let lead: LeadFormView | null = null;
  let problem: HTMLElement | null = null;

  const log = h("div", {
    class: "pw-log",
    role: "log",
    "aria-live": "polite",
    "aria-label": t("conversationWith", { name: config.name }),
    tabindex: 0,
  });
  const input = h("textarea", {
    id: "pw-input",
    class: "pw-input",
    rows: 1,
    placeholder: t("placeholder"),
    dir: "auto",
    "aria-describedby": "pw-count",
    enterkeyhint: "send",
  });
  const count = h("p", { id: "pw-count", class: "pw-count", "aria-live": "polite" });
  const send = h(
    "button",
    { type: "submit", class: "pw-send", "aria-label": t("sendMessage") },
    icon("send", 20),
  );
  const composer = h(
    "form",
    { class: "pw-composer" },
    h("label", { for: "pw-input", class: "pw-sr" }, t("messageTo", { name: config.name })),
    h("div", { class: "pw-field" }, input, send),
    count,
  );
  const footer = config.showBranding
    ? h(
        "p",
        { class: "pw-brand" },
        h(
          "a",
          { href: `${location.origin}/?utm_source=widget`, target: "_blank", rel: "noopener noreferrer" },
          t("poweredBy"),
          // i18n-ignore: brand name
          h("strong", null, "Parley"),
        ),
      )
    : null;

  /** Where focus goes when the control that had it disappears (a chip, Retry): the composer. */
  const focusInput = () => {
    // On touch screens focusing would throw the keyboard up uninvited; the log takes focus instead.
    if (matchMedia("(pointer: fine)").matches) input.focus({ preventScroll: true });
    else log.focus({ preventScroll: true });
  };

  const close = bridge.framed ? () => bridge.send({ parley: "close" }) : null;
  root.replaceChildren(header(config, close), log, composer, ...(footer ? [footer] : []));

  // Keep the newest message in view while streaming, unless the visitor scrolled up to read.
  let stuck = true;
  log.addEventListener("scroll", () => {
    stuck = log.scrollHeight - log.scrollTop - log.clientHeight < 48;
  });
  const scroll = (force = false) => {
    if (force || stuck) log.scrollTop = log.scrollHeight;
  };
  const add = (el: HTMLElement) => {
    log.append(el);
    scroll(true);
  };

  const greeting = assistantMessage(config.name, {
    text: config.greeting || t("defaultGreeting", { name: config.name }),
  });
  greeting.el.classList.add("pw-greeting");
  log.append(greeting.el);
  let chips = suggestions(config.suggestedQuestions, (q) => {
    focusInput();
    void submit(q);
  });

  const clearProblem = () => {
    cancelRetry?.();
    cancelRetry = null;
    problem?.remove();
    problem = null;
  };
  const showProblem = (message: string, retry: (() => void) | null) => {
    clearProblem();
    problem = errorLine(message, retry);
    add(problem);
  };

  const showLeadForm = () => {
    if (!config.leadCapture || verified || leadCaptured || !conversationId) return;
    if (!lead) {
      lead = leadForm(async (value) => {
        const id = conversationId;
        if (!id) return t("sendFirst");
        try {
          await api.lead(id, value);
          leadCaptured = true;
          return null;
        } catch (err) {
          return err instanceof WidgetApiError ? err.message : t("leadFailed");
        }
      });
      lead.prefill(identity);
    }
    add(lead.el);
  };

  const feedbackFor = (messageId: string | null) => {
    if (!messageId) return undefined;
    return async (value: "up" | "down" | null) => {
      if (!conversationId) return false;
      try {
        await api.feedback(conversationId, messageId, value);
        return true;
      } catch {
        return false;
      }
    };
  };

  const renderHistory = (messages: WidgetMessage[]) => {
    chips?.remove();
    chips = null;
    // Earlier messages are not news: keep screen readers from reading the whole history out.
    log.setAttribute("aria-live", "off");
    setTimeout(() => log.setAttribute("aria-live", "polite"), 500);
    for (const m of messages) {
      if (m.role === "user") {
        log.append(userMessage(m.content));
        continue;
      }
      const view = assistantMessage(config.name, { text: m.content });
      view.finish({ citations: m.citations, feedback: m.feedback, onFeedback: feedbackFor(m._id) });
      log.append(view.el);
    }
    const last = messages[messages.length - 1];
    if (last?.role === "assistant" && last.answered === false) showLeadForm();
    scroll(true);
  };

  /** Asks the question and streams the answer into a new bubble; on failure, an error line with Retry. */
  const ask = async (text: string, retried = false): Promise<void> => {
    busy = true;
    root.classList.add("pw-busy");
    clearProblem();
    const reply: AssistantView = assistantMessage(config.name, { typing: true });
    add(reply.el);
    let answer = "";
    let frame = 0;
    try {
      if (!conversationId) {
        const conversation = await api.startConversation();
        conversationId = conversation._id;
        leadCaptured = conversation.leadCaptured;
      }
      const done = await api.ask(conversationId, text, {
        onDelta(delta) {
          answer += delta;
          // One paint per frame, however fast the tokens come.
          frame ||= requestAnimationFrame(() => {
            frame = 0;
            reply.setText(answer);
            scroll();
          });
        },
      });
      cancelAnimationFrame(frame);
      reply.setText(answer);
      reply.finish({ citations: done.citations, onFeedback: feedbackFor(done.messageId) });
      scroll();
      failures = 0;
      if (!done.answered) showLeadForm();
      if (!open) {
        unread++;
        bridge.send({ parley: "unread", count: unread });
      }
    } catch (err) {
      cancelAnimationFrame(frame);
      reply.el.remove();
      if (err instanceof WidgetApiError && err.code === "NOT_FOUND" && conversationId && !retried) {
        // The conversation is gone (retention, or cleared): start a new one and ask again.
        conversationId = null;
        return await ask(text, true);
      }
      const again = () => {
        if (busy) return;
        void ask(text);
      };
      if (err instanceof WidgetApiError && err.code === "NETWORK") {
        // Offline or cut off: say so, and send the question again by itself (the API stores a
        // re-sent question once).
        failures++;
        showProblem(t("connectionLost"), () => {
          focusInput();
          again();
        });
        cancelRetry = retrySoon(again, failures);
        return;
      }
      const message = err instanceof WidgetApiError ? err.message : t("generic");
      showProblem(message, () => {
        focusInput();
        again();
      });
    } finally {
      busy = false;
      root.classList.remove("pw-busy");
    }
  };

  const submit = async (raw: string) => {
    const text = raw.trim();
    if (!text || busy) return;
    if (text.length > MAX_LENGTH) {
      updateCount();
      input.focus();
      return;
    }
    chips?.remove();
    chips = null;
    input.value = "";
    resize();
    updateCount();
    add(userMessage(text));
    await ask(text);
  };

  const updateCount = () => {
    const n = input.value.length;
    composer.classList.toggle("pw-empty", input.value.trim() === "");
    count.classList.toggle("pw-over", n > MAX_LENGTH);
    count.textContent =
      n > MAX_LENGTH
        ? t("overLimit", { over: number(n - MAX_LENGTH), max: number(MAX_LENGTH) })
        : n >= COUNTER_FROM
          ? t("counter", { n: number(n), max: number(MAX_LENGTH) })
          : "";
  };
  const resize = () => {
    // CSSOM writes are allowed under a strict CSP (only style="" markup is not).
    input.style.height = "auto";
    input.style.height = `${Math.min(input.scrollHeight, 140)}px`;
  };

  input.addEventListener("input", () => {
    resize();
    updateCount();
  });
  input.addEventListener("keydown", (event) => {
    // Enter sends; Shift+Enter is a new line; Enter that confirms an IME composition does neither.
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing && event.keyCode !== 229) {
      event.preventDefault();
      void submit(input.value);
    }
  });
  composer.addEventListener("submit", (event) => {
    event.preventDefault();
    void submit(input.value);
  });
  updateCount();

  if (chips) log.append(chips);
  if (resumed && resumed.messages.length > 0) renderHistory(resumed.messages);

  return {
    /** The host opened the panel. */
    opened() {
      open = true;
      unread = 0;
      scroll(true);
      focusInput();
    },
    closed() {
      open = false;
    },
    identify(who: { email?: string; name?: string }) {
      identity = { ...identity, ...who };
      lead?.prefill(identity);
    },
    /** The chat is being replaced (another identity): stop retrying in the background. */
    dispose() {
      cancelRetry?.();
    },
    focusInput,
    scroll: () => scroll(),
  };
}
