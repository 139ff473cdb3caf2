import { allowedDomainSchema, type Chatbot } from "@parley/contracts";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { publicUrl } from "../../../app/config";
import { CopyButton } from "../../widget/components/CopyButton";
import { useEmbedScriptAvailable, useUpdateChatbot } from "../api";
import { embedSnippet } from "../chatbots";
import { IdentityCard } from "../identity/IdentityCard";
import { ErrorNotice } from "./ErrorNotice";
import { AlertIcon, CheckIcon, CloseIcon } from "./icons";
import { useToast } from "./Toast";

const MAX_DOMAINS = 50;

export function EmbedTab({ bot }: { bot: Chatbot }) {
  // The deployment's public origin (not where this dashboard happens to be opened).
  const snippet = embedSnippet(publicUrl, bot._id);
  const script = useEmbedScriptAvailable(publicUrl);

  return (
    <div className="embed">
      <PublishedReminder bot={bot} widgetLive={script.data !== false} />

      <section className="card builder-card" aria-labelledby="embed-snippet-title">
        <div className="builder-card-head">
          <h2 id="embed-snippet-title" className="builder-card-title">
            Add the chat to your website
          </h2>
        </div>
        <p className="builder-card-lead">
          Paste this tag just before <code>&lt;/body&gt;</code> on every page where the chat should appear. It
          loads after your page and shows the launcher you styled in Settings. If the chat does not show, your
          browser's console says why (for example, which domain to allow below).
        </p>
        <div className="code-block">
          <div className="code-block-bar">
            <span>HTML</span>
            <CopyButton text={snippet} label="Copy tag" />
          </div>
          <pre>
            <code data-testid="embed-snippet">{snippet}</code>
          </pre>
        </div>
        {script.data === false ? (
          <div className="embed-note" role="note">
            <AlertIcon size={16} />
            <p>
              <strong>The widget script ships in the next release.</strong> This server doesn't serve{" "}
              <code>/embed.js</code> yet, so the tag won't show anything on your site today. Your tag won't
              change: paste it now and the chat appears once the release is out. Meanwhile, test your bot in
              the Playground.
            </p>
          </div>
        ) : null}
      </section>

      <DomainsEditor bot={bot} />
      <IdentityCard bot={bot} />
    </div>
  );
}

function PublishedReminder({ bot, widgetLive }: { bot: Chatbot; widgetLive: boolean }) {
  const update = useUpdateChatbot(bot._id);
  const toast = useToast();
  if (bot.published) {
    return (
      <div className="publish-banner publish-banner-live" role="status">
        <CheckIcon size={16} />
        <p>
          <strong>Published.</strong>{" "}
          {widgetLive ? "The widget answers" : "Once the widget is released, it answers"} visitors wherever
          the tag is installed
          {bot.allowedDomains.length > 0 ? " on the domains listed below" : ""}.
        </p>
      </div>
    );
  }
  return (
    <div className="publish-banner">
      <AlertIcon size={16} />
      <p>
        <strong>This chatbot is a draft.</strong> The widget won't answer visitors until you publish it. You
        can still test it in the Playground.
      </p>
      <button
        type="button"
        className="btn btn-primary btn-sm"
        disabled={update.isPending}
        onClick={() => update.mutate({ published: true }, { onSuccess: () => toast("Chatbot published") })}
      >
        {update.isPending ? <span className="spinner" aria-hidden="true" /> : null}
        Publish now
      </button>
      {update.error ? (
        <div className="publish-banner-error">
          <ErrorNotice error={update.error} />
        </div>
      ) : null}
    </div>
  );
}

/** Where the widget may run: chips for each host, validated with the contract's rule. */
function DomainsEditor({ bot }: { bot: Chatbot }) {
  const update = useUpdateChatbot(bot._id);
  const toast = useToast();
  const [domains, setDomains] = useState<string[]>(bot.allowedDomains);
  const [input, setInput] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const saved = bot.allowedDomains;
  const dirty = domains.length !== saved.length || domains.some((d, i) => d !== saved[i]);

  // Saved elsewhere (or just now): follow the server unless there are unsaved edits.
  const lastSaved = useRef(saved);
  useEffect(() => {
    const previous = lastSaved.current;
    if (previous === saved) return;
    lastSaved.current = saved;
    setDomains((current) => (dirtyAgainst(current, previous) ? current : saved));
  }, [saved]);

  const add = (event: FormEvent) => {
    event.preventDefault();
    // Pasted addresses work too: "https://shop.example.com/path" becomes "shop.example.com".
    const raw = input
      .trim()
      .replace(/^[a-z]+:\/\//i, "")
      .replace(/\/.*$/, "");
    if (!raw) {
      setProblem("Enter a domain such as example.com");
      return;
    }
    const parsed = allowedDomainSchema.safeParse(raw);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? "Enter a domain such as example.com");
      return;
    }
    if (domains.includes(parsed.data)) {
      setProblem(`${parsed.data} is already in the list.`);
      return;
    }
    if (domains.length >= MAX_DOMAINS) {
      setProblem(`Up to ${MAX_DOMAINS} domains.`);
      return;
    }
    setDomains([...domains, parsed.data]);
    setInput("");
    setProblem(null);
  };

  const removeAt = (index: number) => {
    setDomains(domains.filter((_, i) => i !== index));
    inputRef.current?.focus();
  };

  const save = () => {
    update.mutate(
      { allowedDomains: domains },
      {
        onSuccess: (next) => {
          setDomains(next.allowedDomains);
          toast("Allowed domains saved");
        },
      },
    );
  };

  return (
    <section className="card builder-card" aria-labelledby="domains-title">
      <div className="builder-card-head">
        <h2 id="domains-title" className="builder-card-title">
          Allowed domains
        </h2>
        <span className="builder-muted builder-small">
          {domains.length === 0 ? "Any website" : `${domains.length} of ${MAX_DOMAINS}`}
        </span>
      </div>
      <p className="builder-card-lead">
        Limit where the widget works, so nobody can put your chatbot on their own site. Leave empty to allow
        any website. <code>*.example.com</code> covers every subdomain.
      </p>

      {domains.length > 0 ? (
        <ul className="domain-chips" aria-label="Allowed domains">
          {domains.map((domain, index) => (
            <li key={domain} className="domain-chip">
              <span>{domain}</span>
              <button
                type="button"
                className="domain-chip-remove"
                onClick={() => removeAt(index)}
                aria-label={`Remove ${domain}`}
              >
                <CloseIcon size={13} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}

      <form className="domain-add" onSubmit={add} noValidate>
        <div className={`field${problem ? " field-invalid" : ""}`}>
          <label htmlFor="domain-input">Add a domain</label>
          <div className="domain-add-row">
            <input
              ref={inputRef}
              id="domain-input"
              type="text"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              placeholder="example.com"
              value={input}
              onChange={(event) => {
                setInput(event.target.value);
                setProblem(null);
              }}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? "domain-input-error" : undefined}
            />
            <button type="submit" className="btn btn-secondary">
              Add
            </button>
          </div>
          {problem ? (
            <p id="domain-input-error" className="field-error">
              {problem}
            </p>
          ) : null}
        </div>
      </form>

      <ErrorNotice error={update.error} />
      <div className="domains-actions">
        <span className="builder-muted builder-small" aria-live="polite">
          {dirty ? "Unsaved changes" : ""}
        </span>
        {dirty ? (
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => {
              setDomains(saved);
              setProblem(null);
            }}
            disabled={update.isPending}
          >
            Discard
          </button>
        ) : null}
        <button
          type="button"
          className="btn btn-primary btn-sm"
          onClick={save}
          disabled={!dirty || update.isPending}
        >
          {update.isPending ? <span className="spinner" aria-hidden="true" /> : null}
          Save domains
        </button>
      </div>
    </section>
  );
}

function dirtyAgainst(current: string[], saved: string[]): boolean {
  return current.length !== saved.length || current.some((d, i) => d !== saved[i]);
}
