import { allowedDomainSchema, type Chatbot } from "@parley/contracts";
import { Button } from "@parley/ui/components/Button";
import { LTR_CODE, Ltr, Trans, useFormat, useTranslation } from "@parley/ui/i18n/react";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { CopyableCode } from "../../../components/CopyableCode";
import { ErrorNotice } from "../../../components/ErrorNotice";
import { HeadedCard } from "../../../components/HeadedCard";
import { publicUrl } from "../../../lib/config";
import { useCan } from "../../workspaces/public";
import { useEmbedScriptAvailable, useUpdateChatbot } from "../api";
import { embedSnippet } from "../chatbots";
import { IdentityCard } from "../identity/IdentityCard";
import { useWords, type Words } from "../words";
import { AlertIcon, CheckIcon, CloseIcon } from "./icons";
import { useToast } from "./Toast";

const MAX_DOMAINS = 50;

export function EmbedTab({ bot }: { bot: Chatbot }) {
  const { t } = useTranslation("builder");
  // The deployment's public origin (not where this dashboard happens to be opened).
  const snippet = embedSnippet(publicUrl, bot._id);
  const script = useEmbedScriptAvailable(publicUrl);
  // Publishing, the allowed domains and the identity secret are the owners' and admins' (the
  // secret's status is not even readable to others); everyone may copy the tag.
  const canEdit = useCan("bots:write");

  return (
    <div className="embed">
      <PublishedReminder bot={bot} widgetLive={script.data !== false} canPublish={canEdit} />

      <HeadedCard kind="builder" titleId="embed-snippet-title" title={t("embed.title")}>
        <p className="builder-card-lead">
          <Trans t={t} i18nKey="embed.lead" components={LTR_CODE} />
        </p>
        <CopyableCode
          // i18n-ignore: the name of a code language, the same in every language
          label="HTML"
          code={snippet}
          copyLabel={t("embed.copyTag")}
          testId="embed-snippet"
        />
        {script.data === false ? (
          <div className="embed-note" role="note">
            <AlertIcon size={16} />
            <p>
              <Trans
                t={t}
                i18nKey="embed.notServed"
                components={{ b: <strong />, code: <code dir="ltr" /> }}
              />
            </p>
          </div>
        ) : null}
      </HeadedCard>

      {canEdit ? <DomainsEditor bot={bot} /> : <DomainsView domains={bot.allowedDomains} />}
      {canEdit ? <IdentityCard bot={bot} /> : null}
    </div>
  );
}

function PublishedReminder({
  bot,
  widgetLive,
  canPublish,
}: {
  bot: Chatbot;
  widgetLive: boolean;
  canPublish: boolean;
}) {
  const { t } = useTranslation("builder");
  const update = useUpdateChatbot(bot._id);
  const toast = useToast();
  if (bot.published) {
    return (
      <div className="publish-banner publish-banner-live" role="status">
        <CheckIcon size={16} />
        <p>
          <strong>{t("embed.published")}</strong>{" "}
          {bot.allowedDomains.length > 0
            ? widgetLive
              ? t("embed.answersLiveDomains")
              : t("embed.answersLaterDomains")
            : widgetLive
              ? t("embed.answersLive")
              : t("embed.answersLater")}
        </p>
      </div>
    );
  }
  if (!canPublish) return <DraftBanner i18nKey="embed.draftReadOnly" />;
  return (
    <DraftBanner i18nKey="embed.draft">
      <Button
        variant="primary"
        size="sm"
        onClick={() =>
          update.mutate({ published: true }, { onSuccess: () => toast(t("embed.publishedToast")) })
        }
        busy={update.isPending}
      >
        {t("embed.publishNow")}
      </Button>
      {update.error ? (
        <div className="publish-banner-error">
          <ErrorNotice error={update.error} />
        </div>
      ) : null}
    </DraftBanner>
  );
}

/** The banner of a bot not yet published: why, then what the user may do about it. */
function DraftBanner({
  i18nKey,
  children,
}: {
  i18nKey: "embed.draft" | "embed.draftReadOnly";
  children?: ReactNode;
}) {
  const { t } = useTranslation("builder");
  return (
    <div className="publish-banner">
      <AlertIcon size={16} />
      <p>
        <Trans t={t} i18nKey={i18nKey} components={{ b: <strong /> }} />
      </p>
      {children}
    </div>
  );
}

/** The allowed domains' card: its title and how many there are (or that any website may). */
function DomainsCard({ domains, children }: { domains: string[]; children: ReactNode }) {
  const { t } = useTranslation("builder");
  const { number } = useFormat();
  return (
    <HeadedCard
      kind="builder"
      titleId="domains-title"
      title={t("embed.domainsTitle")}
      aside={
        <span className="builder-muted builder-small">
          {domains.length === 0
            ? t("embed.anyWebsite")
            : t("embed.domainsCount", { used: number(domains.length), max: number(MAX_DOMAINS) })}
        </span>
      }
    >
      {children}
    </HeadedCard>
  );
}

/** The allowed domains as a member who may not change them sees them. */
function DomainsView({ domains }: { domains: string[] }) {
  const { t } = useTranslation("builder");
  return (
    <DomainsCard domains={domains}>
      {domains.length > 0 ? (
        <ul className="domain-chips" aria-label={t("embed.domainsTitle")}>
          {domains.map((domain) => (
            <li key={domain} className="domain-chip domain-chip-static">
              <Ltr>{domain}</Ltr>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="builder-muted builder-small">{t("embed.domainsReadOnly")}</p>
    </DomainsCard>
  );
}

/** Where the widget may run: chips for each host, validated with the contract's rule. */
function DomainsEditor({ bot }: { bot: Chatbot }) {
  const { t } = useTranslation("builder");
  const update = useUpdateChatbot(bot._id);
  const toast = useToast();
  const [domains, setDomains] = useState<string[]>(bot.allowedDomains);
  const [input, setInput] = useState("");
  const words = useWords();
  // Kept as words to say, so a language switch re-words a message already shown.
  const [problem, setProblem] = useState<((w: Words) => string) | null>(null);
  const say = (text: (w: Words) => string) => setProblem(() => text);
  const problemText = problem ? problem(words) : null;
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
      say((w) => w.t("embed.domainRequired"));
      return;
    }
    const parsed = allowedDomainSchema.safeParse(raw);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message;
      say((w) => (message ? w.server(message, w.t("embed.domainRequired")) : w.t("embed.domainRequired")));
      return;
    }
    if (domains.includes(parsed.data)) {
      const domain = parsed.data;
      say((w) => w.t("embed.domainDuplicate", { domain }));
      return;
    }
    if (domains.length >= MAX_DOMAINS) {
      say((w) => w.t("embed.domainsMax", { max: w.number(MAX_DOMAINS) }));
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
          toast(t("embed.domainsSaved"));
        },
      },
    );
  };

  return (
    <DomainsCard domains={domains}>
      <p className="builder-card-lead">
        <Trans t={t} i18nKey="embed.domainsLead" components={LTR_CODE} />
      </p>

      {domains.length > 0 ? (
        <ul className="domain-chips" aria-label={t("embed.domainsTitle")}>
          {domains.map((domain, index) => (
            <li key={domain} className="domain-chip">
              <Ltr>{domain}</Ltr>
              <button
                type="button"
                className="domain-chip-remove"
                onClick={() => removeAt(index)}
                aria-label={t("embed.removeDomain", { domain })}
              >
                <CloseIcon size={13} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}

      <form className="domain-add" onSubmit={add} noValidate>
        <div className={`field${problem ? " field-invalid" : ""}`}>
          <label htmlFor="domain-input">{t("embed.addDomain")}</label>
          <div className="domain-add-row">
            <input
              ref={inputRef}
              id="domain-input"
              type="text"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              // i18n-ignore: a domain name, the same in every language
              placeholder="example.com"
              dir="ltr"
              value={input}
              onChange={(event) => {
                setInput(event.target.value);
                setProblem(null);
              }}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? "domain-input-error" : undefined}
            />
            <button type="submit" className="btn btn-secondary">
              {t("embed.add")}
            </button>
          </div>
          {problem ? (
            <p id="domain-input-error" className="field-error">
              {problemText}
            </p>
          ) : null}
        </div>
      </form>

      <ErrorNotice error={update.error} />
      <div className="domains-actions">
        <span className="builder-muted builder-small" aria-live="polite">
          {dirty ? t("embed.unsaved") : ""}
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
            {t("embed.discard")}
          </button>
        ) : null}
        <Button variant="primary" size="sm" onClick={save} disabled={!dirty} busy={update.isPending}>
          {t("embed.saveDomains")}
        </Button>
      </div>
    </DomainsCard>
  );
}

function dirtyAgainst(current: string[], saved: string[]): boolean {
  return current.length !== saved.length || current.some((d, i) => d !== saved[i]);
}
