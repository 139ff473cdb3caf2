import type { Citation, Feedback, WidgetConfig } from "@parley/contracts";
import { h, icon } from "./dom";
import { t } from "./lang";
import { type MarkerOptions, renderMarkdown } from "./markdown";

/** Builders for the chat page's pieces. They draw; chat.ts decides when. */

const srOnly = (text: string) => h("span", { class: "pw-sr" }, text);

export function iconButton(
  name: Parameters<typeof icon>[0],
  label: string,
  onclick: () => void,
  extra = "",
): HTMLButtonElement {
  return h(
    "button",
    { type: "button", class: `pw-icon-btn ${extra}`.trim(), "aria-label": label, onclick },
    icon(name),
  );
}

export function header(config: Pick<WidgetConfig, "name">, onClose: (() => void) | null): HTMLElement {
  const initial = [...config.name.trim()][0]?.toUpperCase() ?? "?";
  return h(
    "header",
    { class: "pw-head" },
    h("div", { class: "pw-avatar", "aria-hidden": "true" }, initial),
    h(
      "div",
      { class: "pw-head-text" },
      h("h1", { class: "pw-title" }, config.name),
      h("p", { class: "pw-sub" }, h("span", { class: "pw-online", "aria-hidden": "true" }), t("subtitle")),
    ),
    onClose && iconButton("close", t("closeChat"), onClose, "pw-close"),
  );
}

export function userMessage(text: string): HTMLElement {
  return h(
    "div",
    { class: "pw-msg pw-user" },
    // dir=auto inside: the bubble keeps the page's direction (its tail corner), the text its own.
    h("div", { class: "pw-bubble" }, srOnly(t("you")), h("span", { dir: "auto" }, text)),
  );
}

export interface AssistantView {
  el: HTMLElement;
  /** Replace the shown text (Markdown) — called as deltas stream in. */
  setText(text: string): void;
  finish(opts: { citations: Citation[]; feedback?: Feedback["value"]; onFeedback?: FeedbackHandler }): void;
}

export type FeedbackHandler = (value: Feedback["value"]) => Promise<boolean>;

/**
 * A reply: the bot's, or with `team` a person's from the business (their name and a "Team"
 * badge above the bubble).
 */
export function assistantMessage(
  botName: string,
  opts: { typing?: boolean; text?: string; team?: boolean } = {},
): AssistantView {
  // dir=auto: a reply in the other language than the page's still reads in its own direction.
  const body = h("div", { class: "pw-md", dir: "auto" });
  const speaker = t(opts.team ? "teamSpeaker" : "speaker", { name: botName });
  const bubble = h("div", { class: "pw-bubble" }, srOnly(speaker), body);
  const el = h(
    "div",
    { class: opts.team ? "pw-msg pw-bot pw-agent" : "pw-msg pw-bot" },
    opts.team &&
      h(
        "p",
        { class: "pw-who", "aria-hidden": "true" },
        h("span", { dir: "auto" }, botName),
        h("span", { class: "pw-badge" }, t("team")),
      ),
    bubble,
  );
  if (opts.typing) {
    // aria-busy keeps screen readers from reading every streamed word; the whole reply is read once done.
    el.setAttribute("aria-busy", "true");
    body.append(
      h(
        "span",
        { class: "pw-typing", role: "img", "aria-label": t("typing", { name: botName }) },
        h("i"),
        h("i"),
        h("i"),
      ),
    );
  }
  // Safe: renderMarkdown escapes everything and writes only its own small set of tags. Citation
  // markers wait for the citations (they come with the end of the stream): none is shown raw.
  const draw = (text: string, markers: MarkerOptions) => {
    body.innerHTML = renderMarkdown(text, markers);
  };
  let shown = opts.text ?? "";
  if (opts.text !== undefined) draw(shown, { cites: 0 });
  return {
    el,
    setText(text) {
      shown = text;
      draw(text, { streaming: true });
    },
    finish({ citations, feedback = null, onFeedback }) {
      el.removeAttribute("aria-busy");
      const sources = sourceList(citations);
      draw(shown, { cites: sources ? citations.length : 0 });
      if (sources) {
        el.append(sources.el);
        linkMarkers(body, citations, sources.items);
      }
      if (onFeedback) el.append(feedbackBar(feedback, onFeedback));
    },
  };
}

const citationTitle = (c: Citation, url: string | null) =>
  c.title || (url ? new URL(url).hostname : t("knowledgeBase"));
const safeUrl = (c: Citation) =>
  c.kind === "website" && c.url && /^https?:\/\//i.test(c.url) ? c.url : null;

/** Each chip names its source (title, aria-label) and, pressed, points at it in the list below. */
function linkMarkers(body: HTMLElement, citations: Citation[], items: HTMLElement[]) {
  for (const chip of body.querySelectorAll<HTMLButtonElement>(".pw-cite")) {
    const n = Number(chip.dataset.cite);
    const c = citations[n - 1];
    const item = items[n - 1];
    if (!c || !item) {
      chip.remove();
      continue;
    }
    const title = citationTitle(c, safeUrl(c));
    chip.title = title;
    chip.setAttribute("aria-label", t("citation", { n: String(n), title }));
    chip.onclick = () => {
      item.scrollIntoView({ block: "nearest" });
      (item.querySelector("a") ?? item).focus();
      item.classList.add("pw-hit");
      setTimeout(() => item.classList.remove("pw-hit"), 2000);
    };
  }
}

/** The sources list, and for each citation (by index) the list item that shows it. */
function sourceList(citations: Citation[]): { el: HTMLElement; items: HTMLElement[] } | null {
  const byKey = new Map<string, HTMLElement>();
  const items = citations.map((c) => {
    const key = c.url ?? `${c.sourceId}:${c.title}`;
    let item = byKey.get(key);
    if (!item) {
      const url = safeUrl(c);
      const title = citationTitle(c, url);
      // tabindex -1: a citation chip moves focus here (the highlight is the focus ring).
      item = h(
        "li",
        { tabindex: "-1" },
        url
          ? h(
              "a",
              { href: url, target: "_blank", rel: "noopener noreferrer", title: url },
              icon("link", 14),
              h("span", { class: "pw-source-name" }, title),
              srOnly(t("newTab")),
            )
          : h(
              "span",
              { class: "pw-source", title: c.snippet.slice(0, 200) },
              icon("doc", 14),
              h("span", null, title),
            ),
      );
      byKey.set(key, item);
    }
    return item;
  });
  const unique = [...byKey.values()];
  if (unique.length === 0) return null;
  const el = h(
    "div",
    { class: "pw-sources" },
    h("p", { class: "pw-sources-title" }, t(unique.length === 1 ? "source" : "sources")),
    h("ul", null, ...unique),
  );
  return { el, items };
}

function feedbackBar(initial: Feedback["value"], onFeedback: FeedbackHandler): HTMLElement {
  let value = initial;
  const make = (which: "up" | "down", label: string) =>
    h(
      "button",
      { type: "button", class: "pw-icon-btn pw-fb", "aria-label": label, "aria-pressed": "false" },
      icon(which, 16),
    );
  const up = make("up", t("helpful"));
  const down = make("down", t("notHelpful"));
  const status = h("span", { class: "pw-fb-status", role: "status" });
  const paint = () => {
    up.setAttribute("aria-pressed", String(value === "up"));
    down.setAttribute("aria-pressed", String(value === "down"));
  };
  const choose = async (which: "up" | "down") => {
    const previous = value;
    value = value === which ? null : which;
    paint();
    status.textContent = value ? t("feedbackThanks") : "";
    if (!(await onFeedback(value))) {
      value = previous;
      paint();
      status.textContent = t("feedbackFailed");
    }
  };
  up.addEventListener("click", () => void choose("up"));
  down.addEventListener("click", () => void choose("down"));
  paint();
  return h("div", { class: "pw-feedback" }, up, down, status);
}

export function errorLine(message: string, onRetry: (() => void) | null): HTMLElement {
  return h(
    "div",
    { class: "pw-error", role: "alert" },
    icon("alert", 16),
    h("span", { class: "pw-error-text" }, message),
    onRetry &&
      h(
        "button",
        { type: "button", class: "pw-retry", onclick: onRetry },
        icon("retry", 14),
        h("span", null, t("retry")),
      ),
  );
}

export function suggestions(questions: string[], onPick: (q: string) => void): HTMLElement | null {
  if (questions.length === 0) return null;
  return h(
    "div",
    { class: "pw-suggest", role: "group", "aria-label": t("suggested") },
    ...questions.map((q) =>
      h("button", { type: "button", class: "pw-chip", dir: "auto", onclick: () => onPick(q) }, q),
    ),
  );
}

let uid = 0;
const nextId = (prefix: string) => `${prefix}-${++uid}`;

export interface LeadFormView {
  el: HTMLElement;
  prefill(identity: { email?: string; name?: string }): void;
}

/** The "leave your e-mail" card. `onSubmit` resolves null on success, else an error to show. */
export function leadForm(
  onSubmit: (lead: { email: string; name?: string }) => Promise<string | null>,
): LeadFormView {
  const titleId = nextId("pw-lead");
  const errorId = nextId("pw-lead-err");
  const emailId = nextId("pw-email");
  const nameId = nextId("pw-name");
  const email = h("input", {
    id: emailId,
    type: "email",
    name: "email",
    required: true,
    autocomplete: "email",
    inputmode: "email",
    maxlength: 254,
    placeholder: t("emailPlaceholder"),
    dir: "ltr",
    "aria-describedby": errorId,
  });
  const name = h("input", { id: nameId, type: "text", name: "name", autocomplete: "name", maxlength: 120 });
  const error = h("p", { id: errorId, class: "pw-lead-error", role: "alert" });
  const submit = h("button", { type: "submit", class: "pw-btn" }, t("send"));
  const form = h(
    "form",
    { class: "pw-lead", "aria-labelledby": titleId, novalidate: true },
    h("p", { id: titleId, class: "pw-lead-title" }, t("leadTitle")),
    h("p", { class: "pw-lead-text" }, t("leadText")),
    h("label", { for: emailId }, t("email")),
    email,
    h("label", { for: nameId }, t("name"), h("span", { class: "pw-optional" }, t("optional"))),
    name,
    error,
    submit,
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const value = email.value.trim();
    // The browser's own check (type=email) with our wording; the API validates again.
    if (!value || !email.checkValidity()) {
      error.textContent = t("invalidEmail");
      email.setAttribute("aria-invalid", "true");
      email.focus();
      return;
    }
    email.removeAttribute("aria-invalid");
    error.textContent = "";
    submit.disabled = true;
    submit.textContent = t("sending");
    const who = name.value.trim();
    const failure = await onSubmit(who ? { email: value, name: who } : { email: value });
    if (failure === null) {
      const note = h(
        "p",
        { class: "pw-note", role: "status", tabindex: -1 },
        who ? t("leadThanksNamed", { name: who, email: value }) : t("leadThanks", { email: value }),
      );
      form.replaceWith(note);
      // The button that had focus is gone; the thank-you line takes it (and is read out).
      note.focus({ preventScroll: true });
      return;
    }
    error.textContent = failure;
    submit.disabled = false;
    submit.textContent = t("send");
  });
  return {
    el: form,
    prefill(identity) {
      if (identity.email && !email.value) email.value = identity.email;
      if (identity.name && !name.value) name.value = identity.name;
    },
  };
}

export function unavailable(title: string, text: string, action: HTMLElement | null): HTMLElement {
  return h(
    "div",
    { class: "pw-state" },
    h("div", { class: "pw-state-icon", "aria-hidden": "true" }, icon("alert", 28)),
    h("h1", null, title),
    h("p", null, text),
    action,
  );
}
