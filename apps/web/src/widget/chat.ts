import type {
  ConversationStatus,
  HandoffResult,
  WidgetConfig,
  WidgetConversation,
  WidgetMessage,
} from "@parley/contracts";
import type { WidgetApi } from "./api";
import { WidgetApiError } from "./api";
import type { Bridge } from "./bridge";
import { h, icon } from "./dom";
import { t } from "./lang";
import { createSeen, type LiveEvent, type LiveStream, liveStream, withTeam } from "./live";
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

/**
 * The chat: history, composer, streaming, feedback, lead capture, errors with retry; and live
 * chat (asking for a person, their replies and typing as they come, the conversation's status).
 */
export function mountChat({ root, config, api, bridge, resumed, verified, ...deps }: ChatDeps) {
  let conversationId = resumed?._id ?? null;
  let leadCaptured = resumed?.leadCaptured ?? false;
  let status: ConversationStatus = "bot";
  let busy = false;
  /** "Talk to a person" was pressed while an answer was arriving. */
  let wantsPerson = false;
  /** The conversation must be loaded again (the stream could not resume) once the answer is in. */
  let stale = false;
  let stream: LiveStream | null = null;
  let typing: HTMLElement | null = null;
  let typingTimer: ReturnType<typeof setTimeout> | undefined;
  let offer: HTMLElement | null = null;
  const seen = createSeen();
  const handoffOn = config.handoff?.enabled === true;
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
  // Outside office hours the button says what it does: a message for the team (the bot says when
  // they are back and offers the contact form), not a person who is not there.
  const offHours = handoffOn && config.handoff?.withinHours === false;
  const talk = handoffOn
    ? h(
        "button",
        { type: "button", class: "pw-talk", onclick: () => void handoff() },
        offHours ? t("leaveMessage") : t("talkToPerson"),
      )
    : null;
  /** "Waiting for a member of the team…" / "<name> from the team is here". */
  const line = h("p", { class: "pw-live", role: "status", hidden: true });
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
    talk ? h("div", { class: "pw-under" }, talk, count) : count,
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
  root.replaceChildren(header(config, close), log, line, composer, ...(footer ? [footer] : []));

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

  /**
   * Nobody took the conversation within the bot's wait (60 s unless set): the visitor is not left
   * on "Waiting…" with no way out. The status line says the team is busy and will answer here,
   * and the contact form is offered (when the bot collects contact details).
   */
  let waitTimer: ReturnType<typeof setTimeout> | undefined;
  /** What the status line says once the wait ran out (kept while the conversation still waits). */
  let busyText: string | null = null;
  const waitedTooLong = () => {
    if (status !== "waiting") return;
    const leave = config.leadCapture && !verified && !leadCaptured;
    busyText = leave ? t("teamBusyLeave") : t("teamBusy");
    line.textContent = busyText;
    line.hidden = false;
    if (leave) showLeadForm();
  };

  /** Who answers now: the status line, and no "talk to a person" while a person is on it. */
  const setStatus = (next: ConversationStatus, agent: string | null) => {
    if (next !== "waiting") {
      clearTimeout(waitTimer);
      waitTimer = undefined;
      busyText = null;
    } else if (status !== "waiting" || waitTimer === undefined) {
      clearTimeout(waitTimer);
      waitTimer = setTimeout(waitedTooLong, (config.handoff?.waitSeconds ?? 60) * 1000);
    }
    status = next;
    const text =
      next === "waiting"
        ? (busyText ?? t("waitingForTeam"))
        : next === "claimed"
          ? agent
            ? t("agentHere", { name: agent })
            : t("teamHere")
          : next === "closed"
            ? t("closedByTeam")
            : "";
    if (line.textContent !== text) line.textContent = text;
    line.hidden = !text;
    // The header says who answers: the assistant, or the team while a person has the chat.
    const sub = root.querySelector(".pw-sub")?.lastChild;
    const subText = withTeam(next) ? t("subtitleTeam") : t("subtitle");
    if (sub && sub.textContent !== subText) sub.textContent = subText;
    line.dataset.status = next;
    if (talk) talk.hidden = withTeam(next);
    if (withTeam(next)) {
      offer?.remove();
      offer = null;
    } else stopTyping();
  };

  const stopTyping = () => {
    clearTimeout(typingTimer);
    typing?.remove();
    typing = null;
  };
  /** "<name> is typing" at the end of the log, until their message comes or 4 s pass. */
  const showTyping = (name: string) => {
    if (!typing) {
      typing = assistantMessage(name, { typing: true, team: true }).el;
      typing.classList.add("pw-typing-msg");
    }
    const atEnd = log.lastElementChild === typing;
    if (!atEnd) add(typing);
    clearTimeout(typingTimer);
    typingTimer = setTimeout(stopTyping, 4000);
  };

  /** The closed panel's launcher shows how many replies wait (on every page of the site). */
  const unseen = () => {
    if (open) return;
    unread++;
    bridge.send({ parley: "unread", count: unread });
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

  /** A stored message as the log shows it: the visitor's, the bot's, or a team member's. */
  const message = (m: WidgetMessage): HTMLElement => {
    seen.add(m._id);
    if (m.role === "user") return userMessage(m.content);
    if (m.role === "agent") {
      return assistantMessage(m.author?.name || t("team"), { text: m.content, team: true }).el;
    }
    const view = assistantMessage(config.name, { text: m.content });
    view.finish({ citations: m.citations, feedback: m.feedback, onFeedback: feedbackFor(m._id) });
    return view.el;
  };

  /** After a reply the bot could not give: a person, when the bot offers one, else the lead form. */
  const afterFallback = (personOffered: boolean) => {
    if (!personOffered || withTeam(status)) return showLeadForm();
    offer?.remove();
    offer = h(
      "div",
      { class: "pw-offer" },
      h("button", { type: "button", class: "pw-chip", onclick: () => void handoff() }, t("talkToPerson")),
    );
    add(offer);
  };

  const renderHistory = (messages: WidgetMessage[]) => {
    chips?.remove();
    chips = null;
    // Earlier messages are not news: keep screen readers from reading the whole history out.
    log.setAttribute("aria-live", "off");
    setTimeout(() => log.setAttribute("aria-live", "polite"), 500);
    for (const m of messages) log.append(message(m));
    const last = messages[messages.length - 1];
    if (last?.role === "assistant" && last.answered === false) afterFallback(handoffOn);
    scroll(true);
  };

  /** The stream could not resume (too far behind): load the conversation again and redraw it. */
  const reload = async () => {
    const id = conversationId;
    if (!id) return;
    if (busy) {
      stale = true;
      return;
    }
    stale = false;
    let fresh: WidgetConversation;
    try {
      fresh = await api.conversation(id);
    } catch {
      return; // the next reconnect tries again
    }
    if (busy || id !== conversationId) {
      stale = true;
      return;
    }
    stream?.skipTo(fresh.lastEventId ?? 0);
    clearProblem();
    stopTyping();
    offer = null;
    log.replaceChildren(greeting.el);
    setStatus(fresh.status ?? "bot", fresh.agent?.name ?? null);
    renderHistory(fresh.messages);
  };

  const onLive = (event: LiveEvent) => {
    if (event.type === "ready") {
      if (!event.resumed) void reload();
    } else if (event.type === "status") setStatus(event.status, event.agent);
    else if (event.type === "typing") showTyping(event.name);
    else if (seen.fresh(event.message)) {
      const m = event.message;
      if (m.role === "agent") stopTyping();
      add(message(m));
      // Their typing stays the last thing in the log while someone else's message comes in.
      if (typing) log.append(typing);
      if (m.role === "agent") unseen();
    }
  };

  /** Follows the conversation live (replies from the team), also while the panel is closed. */
  const listen = (id: string, after: number) => {
    stream?.close();
    stream = liveStream({
      open: (lastId, signal) => api.events(id, lastId, signal),
      lastId: String(after),
      onEvent: onLive,
    });
    if (document.hidden) stream.pause();
  };
  // A hidden page holds no connection (a browser allows six to a server, shared by its tabs): it
  // picks up what it missed when shown again.
  const visibility = () => (document.hidden ? stream?.pause() : stream?.resume());
  document.addEventListener("visibilitychange", visibility);

  const conversation = async (): Promise<string> => {
    if (conversationId) return conversationId;
    const started = await api.startConversation();
    conversationId = started._id;
    leadCaptured = started.leadCaptured;
    listen(started._id, started.lastEventId ?? 0);
    return started._id;
  };

  /** What asking for a person did: the bot's reply, the status, the lead form outside office hours. */
  const handedOff = (result: HandoffResult) => {
    offer?.remove();
    offer = null;
    const said = result.reply;
    // The stream may have brought it first.
    if (said && !seen.has(said._id)) {
      add(
        message({ ...said, role: "assistant", citations: [], answered: true, feedback: null, author: null }),
      );
    }
    if (result.status !== status) setStatus(result.status, null);
    if (result.offerLead) showLeadForm();
  };

  /** "Talk to a person" (the button, or the offer after a reply the bot could not give). */
  const handoff = async () => {
    // Asked while an answer is still arriving: taken up as soon as it has (not silently dropped).
    if (busy) {
      wantsPerson = true;
      return;
    }
    wantsPerson = false;
    busy = true;
    root.classList.add("pw-busy");
    clearProblem();
    try {
      handedOff(await api.handoff(await conversation()));
      focusInput();
    } catch (err) {
      showProblem(err instanceof WidgetApiError ? err.message : t("generic"), () => {
        focusInput();
        void handoff();
      });
    } finally {
      busy = false;
      root.classList.remove("pw-busy");
      if (stale) void reload();
    }
  };

  /** Asks the question and streams the answer into a new bubble; on failure, an error line with Retry. */
  const ask = async (text: string, retried = false): Promise<void> => {
    busy = true;
    root.classList.add("pw-busy");
    clearProblem();
    offer?.remove();
    offer = null;
    // The bot's bubble (typing dots first). While the team has the conversation the bot is
    // silent: no dots, and a bubble only if the bot does answer (the team just handed it back).
    let reply: AssistantView | null = null;
    const bubble = (): AssistantView => {
      if (!reply) {
        reply = assistantMessage(config.name, { typing: true });
        add(reply.el);
      }
      return reply;
    };
    if (!withTeam(status)) bubble();
    let answer = "";
    let frame = 0;
    seen.sending(text);
    try {
      const id = await conversation();
      const done = await api.ask(id, text, {
        onStart: (messageId) => seen.sent(text, messageId),
        onDelta(delta) {
          answer += delta;
          // One paint per frame, however fast the tokens come.
          frame ||= requestAnimationFrame(() => {
            frame = 0;
            bubble().setText(answer);
            scroll();
          });
        },
      });
      cancelAnimationFrame(frame);
      failures = 0;
      if (done.held) {
        // A person has it (or was just asked for): the bot said nothing, so no empty bubble.
        (reply as AssistantView | null)?.el.remove();
        if (done.handoff) handedOff(done.handoff);
        return;
      }
      const view = bubble();
      if (done.messageId) seen.add(done.messageId);
      view.setText(answer);
      view.finish({ citations: done.citations, onFeedback: feedbackFor(done.messageId) });
      scroll();
      if (!done.answered) afterFallback(done.offerHandoff === true);
      unseen();
    } catch (err) {
      cancelAnimationFrame(frame);
      seen.sent(text, null);
      (reply as AssistantView | null)?.el.remove();
      if (err instanceof WidgetApiError && err.code === "NOT_FOUND" && conversationId && !retried) {
        // The conversation is gone (retention, or cleared): start a new one and ask again.
        conversationId = null;
        stream?.close();
        stream = null;
        setStatus("bot", null);
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
      if (stale) void reload();
      if (wantsPerson) void handoff();
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

  // While a person has the conversation, they see the visitor typing: one signal at most every 3 s,
  // and a failed one is only a missed indicator.
  let typingSentAt = 0;
  input.addEventListener("input", () => {
    resize();
    updateCount();
    const now = Date.now();
    if (conversationId && withTeam(status) && input.value.trim() && now - typingSentAt >= 3000) {
      typingSentAt = now;
      api.typing(conversationId).catch(() => undefined);
    }
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
  if (resumed) {
    setStatus(resumed.status ?? "bot", resumed.agent?.name ?? null);
    if (resumed.messages.length > 0) renderHistory(resumed.messages);
    listen(resumed._id, resumed.lastEventId ?? 0);
  } else setStatus("bot", null);

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
    /** The chat is being replaced (another identity): stop retrying and listening in the background. */
    dispose() {
      cancelRetry?.();
      stream?.close();
      stopTyping();
      document.removeEventListener("visibilitychange", visibility);
    },
    focusInput,
    scroll: () => scroll(),
  };
}
