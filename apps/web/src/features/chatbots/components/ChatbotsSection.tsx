import type { ChatbotListItem, SourceKind } from "@parley/contracts";
import { useFormat, useTranslation } from "@parley/ui/i18n/react";
import { useEffect, useState } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router-dom";
import { ErrorNotice } from "../../../components/ErrorNotice";
import { useUsage } from "../../billing/public";
import { usePlanText } from "../../pricing/public";
import { useSignedInUser } from "../../session/public";
import { useAccess } from "../../workspaces/public";
import { useChatbots } from "../api";
import { readableOn, sourcesSummary } from "../chatbots";
import { useWords } from "../words";
import { CreateChatbotDialog } from "./CreateChatbotDialog";
import { BotIcon, KindIcon, PlusIcon } from "./icons";
import "../../../styles/builder.css";
import "../styles/dashboard.css";
import "../styles/knowledge.css";

/** The quick start's tiles: the kind, and its title and hint in `builder:list.quick`. */
const QUICK_KINDS = [
  { kind: "text", title: "text", hint: "textHint" },
  { kind: "qa", title: "qa", hint: "qaHint" },
  { kind: "website", title: "website", hint: "websiteHint" },
  { kind: "file", title: "file", hint: "fileHint" },
] as const satisfies readonly { kind: SourceKind; title: string; hint: string }[];

/** The dashboard's "Your chatbots": the bots as cards, or the quick start when there are none. */
export function ChatbotsSection() {
  const { t } = useTranslation("builder");
  const { number } = useFormat();
  const planText = usePlanText();
  // Lists are cached per workspace: another workspace never shows this one's bots.
  const { workspaceId: userId } = useSignedInUser();
  const chatbots = useChatbots();
  const usage = useUsage(userId);
  // Owners and admins create chatbots; agents find the workspace's bots here to test and follow.
  const createAccess = useAccess("bots:write");
  const canCreate = createAccess === "yes";
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const [dialog, setDialog] = useState<{ kind: SourceKind } | null>(null);
  const deleted = (location.state as { deletedChatbot?: string } | null)?.deletedChatbot;

  // `/dashboard?create=chatbot` (the get-started checklist's link) opens the quick start.
  const wantsCreate = searchParams.get("create") === "chatbot";
  useEffect(() => {
    // Wait for the role: an owner's link opens the quick start, an agent's is dropped.
    if (!wantsCreate || createAccess === "unknown") return;
    if (createAccess === "yes") setDialog({ kind: "text" });
    setSearchParams(
      (params) => {
        const copy = new URLSearchParams(params);
        copy.delete("create");
        return copy;
      },
      { replace: true },
    );
  }, [wantsCreate, createAccess, setSearchParams]);

  const bots = chatbots.data;
  const limits = usage.data;

  return (
    <section
      className="card dash-card dash-bots"
      aria-labelledby="dash-bots-title"
      aria-busy={chatbots.isPending}
    >
      <div className="dash-card-head">
        <div className="dash-bots-heading">
          <h2 id="dash-bots-title" className="dash-card-title">
            {t("list.title")}
          </h2>
          {limits ? (
            <span className="dash-muted dash-small">
              {t("list.usage", {
                used: number(limits.used.chatbots),
                limit: number(limits.limits.chatbots),
                plan: planText.name({ name: limits.planName, names: limits.planNames }),
              })}
            </span>
          ) : null}
        </div>
        {canCreate && bots && bots.length > 0 ? (
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() => setDialog({ kind: "text" })}
          >
            <PlusIcon size={16} />
            {t("list.newBot")}
          </button>
        ) : null}
      </div>

      {deleted ? (
        <div className="alert alert-success" role="status">
          {t("list.deleted", { name: deleted })}{" "}
          <button
            type="button"
            className="link-button"
            onClick={() => navigate(location.pathname, { replace: true, state: null })}
          >
            {t("list.dismiss")}
          </button>
        </div>
      ) : null}

      {chatbots.isPending || createAccess === "unknown" ? (
        <ul className="bot-grid" aria-hidden="true">
          {[0, 1].map((i) => (
            <li key={i} className="bot-card">
              <span className="skeleton" style={{ width: 40, height: 40, borderRadius: 12 }} />
              <span className="skeleton" style={{ width: "60%", height: 20 }} />
              <span className="skeleton" style={{ width: "40%", height: 16 }} />
            </li>
          ))}
        </ul>
      ) : chatbots.isError ? (
        <ErrorNotice error={chatbots.error} onRetry={() => void chatbots.refetch()} />
      ) : bots && bots.length > 0 ? (
        <ul className="bot-grid">
          {bots.map((bot) => (
            <BotCard key={bot._id} bot={bot} />
          ))}
        </ul>
      ) : !canCreate ? (
        <div className="builder-empty">
          <p className="builder-empty-title">{t("list.emptyTitleReadOnly")}</p>
          <p>{t("list.emptyBodyReadOnly")}</p>
        </div>
      ) : (
        <div className="quick-start">
          <div className="quick-start-text">
            <span className="quick-start-icon">
              <BotIcon size={26} />
            </span>
            <h3>{t("list.emptyTitle")}</h3>
            <p>{t("list.emptyBody")}</p>
            <button type="button" className="btn btn-primary" onClick={() => setDialog({ kind: "text" })}>
              <PlusIcon size={16} />
              {t("list.createFirst")}
            </button>
          </div>
          <ul className="quick-kinds" aria-label={t("list.startFrom")}>
            {QUICK_KINDS.map(({ kind, title, hint }) => (
              <li key={kind}>
                <button type="button" className="quick-kind" onClick={() => setDialog({ kind })}>
                  <span className="quick-kind-icon">
                    <KindIcon kind={kind} size={18} />
                  </span>
                  <span className="quick-kind-text">
                    <span className="quick-kind-title">{t(`list.quick.${title}`)}</span>
                    <span className="quick-kind-hint">{t(`list.quick.${hint}`)}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}

      {canCreate ? (
        <CreateChatbotDialog
          open={dialog !== null}
          onClose={() => setDialog(null)}
          initialKind={dialog?.kind ?? "text"}
        />
      ) : null}
    </section>
  );
}

function BotCard({ bot }: { bot: ChatbotListItem }) {
  const { t } = useTranslation("builder");
  const format = useFormat();
  const words = useWords();
  const href = `/chatbots/${encodeURIComponent(bot._id)}`;
  const percent = bot.sourceCount === 0 ? 0 : Math.round((bot.readySourceCount / bot.sourceCount) * 100);
  return (
    <li className="bot-card">
      <div className="bot-card-top">
        <span
          className="bot-avatar"
          style={{ background: bot.theme.primaryColor, color: readableOn(bot.theme.primaryColor) }}
          aria-hidden="true"
        >
          <BotIcon size={20} />
        </span>
        <span className={`pub-badge${bot.published ? " pub-badge-live" : ""}`}>
          {bot.published ? t("list.published") : t("list.draft")}
        </span>
      </div>
      <h3 className="bot-card-name">
        <Link to={href}>{bot.name}</Link>
      </h3>
      <div className="bot-card-sources">
        <span>{sourcesSummary(bot.readySourceCount, bot.sourceCount, words)}</span>
        {bot.sourceCount > 0 ? (
          <span className="mini-bar" aria-hidden="true">
            <span style={{ width: `${percent}%` }} />
          </span>
        ) : null}
      </div>
      <div className="bot-card-foot">
        <span className="dash-muted dash-small">
          {t("list.created", { date: format.date(bot.createdAt, "date") })}
        </span>
        <Link
          to={href}
          className="btn btn-secondary btn-sm"
          aria-label={t("list.openBot", { name: bot.name })}
        >
          {t("list.open")}
        </Link>
      </div>
    </li>
  );
}
