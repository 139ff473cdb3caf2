import type { ChatbotListItem, SourceKind } from "@parley/contracts";
import { useEffect, useState } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router-dom";
import { useUsage } from "../../dashboard/api";
import { useSignedInUser } from "../../session/session-context";
import { useChatbots } from "../api";
import { readableOn, sourcesSummary } from "../chatbots";
import { CreateChatbotDialog } from "./CreateChatbotDialog";
import { ErrorNotice } from "./ErrorNotice";
import { BotIcon, KindIcon, PlusIcon } from "./icons";
import "../styles/base.css";
import "../styles/dashboard.css";
import "../styles/knowledge.css";

const QUICK_KINDS: { kind: SourceKind; title: string; hint: string }[] = [
  { kind: "text", title: "Start from text", hint: "Paste a few paragraphs" },
  { kind: "qa", title: "Start from a Q&A pair", hint: "A question and its answer" },
  { kind: "website", title: "Start from your website", hint: "We read its pages" },
  { kind: "file", title: "Start from a document", hint: "PDF, Word, Markdown or text" },
];

/** The dashboard's "Your chatbots": the bots as cards, or the quick start when there are none. */
export function ChatbotsSection() {
  // Lists are cached per workspace: another workspace never shows this one's bots.
  const { workspaceId: userId } = useSignedInUser();
  const chatbots = useChatbots();
  const usage = useUsage(userId);
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const [dialog, setDialog] = useState<{ kind: SourceKind } | null>(null);
  const deleted = (location.state as { deletedChatbot?: string } | null)?.deletedChatbot;

  // `/dashboard?create=chatbot` (the get-started checklist's link) opens the quick start.
  const wantsCreate = searchParams.get("create") === "chatbot";
  useEffect(() => {
    if (!wantsCreate) return;
    setDialog({ kind: "text" });
    setSearchParams(
      (params) => {
        const copy = new URLSearchParams(params);
        copy.delete("create");
        return copy;
      },
      { replace: true },
    );
  }, [wantsCreate, setSearchParams]);

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
            Your chatbots
          </h2>
          {limits ? (
            <span className="dash-muted dash-small">
              {limits.used.chatbots} of {limits.limits.chatbots} on the {limits.planName} plan
            </span>
          ) : null}
        </div>
        {bots && bots.length > 0 ? (
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() => setDialog({ kind: "text" })}
          >
            <PlusIcon size={16} />
            New chatbot
          </button>
        ) : null}
      </div>

      {deleted ? (
        <div className="alert alert-success" role="status">
          {`“${deleted}” was deleted, with its knowledge.`}{" "}
          <button
            type="button"
            className="link-button"
            onClick={() => navigate(location.pathname, { replace: true, state: null })}
          >
            Dismiss
          </button>
        </div>
      ) : null}

      {chatbots.isPending ? (
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
      ) : (
        <div className="quick-start">
          <div className="quick-start-text">
            <span className="quick-start-icon">
              <BotIcon size={26} />
            </span>
            <h3>Create your first chatbot</h3>
            <p>
              Give it a name and one piece of knowledge, and it can answer your customers' questions, citing
              where each answer came from. It takes about a minute.
            </p>
            <button type="button" className="btn btn-primary" onClick={() => setDialog({ kind: "text" })}>
              <PlusIcon size={16} />
              Create your first chatbot
            </button>
          </div>
          <ul className="quick-kinds" aria-label="Start from">
            {QUICK_KINDS.map(({ kind, title, hint }) => (
              <li key={kind}>
                <button type="button" className="quick-kind" onClick={() => setDialog({ kind })}>
                  <span className="quick-kind-icon">
                    <KindIcon kind={kind} size={18} />
                  </span>
                  <span className="quick-kind-text">
                    <span className="quick-kind-title">{title}</span>
                    <span className="quick-kind-hint">{hint}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}

      <CreateChatbotDialog
        open={dialog !== null}
        onClose={() => setDialog(null)}
        initialKind={dialog?.kind ?? "text"}
      />
    </section>
  );
}

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

function BotCard({ bot }: { bot: ChatbotListItem }) {
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
          {bot.published ? "Published" : "Draft"}
        </span>
      </div>
      <h3 className="bot-card-name">
        <Link to={href}>{bot.name}</Link>
      </h3>
      <div className="bot-card-sources">
        <span>{sourcesSummary(bot.readySourceCount, bot.sourceCount)}</span>
        {bot.sourceCount > 0 ? (
          <span className="mini-bar" aria-hidden="true">
            <span style={{ width: `${percent}%` }} />
          </span>
        ) : null}
      </div>
      <div className="bot-card-foot">
        <span className="dash-muted dash-small">Created {dateFormat.format(new Date(bot.createdAt))}</span>
        <Link to={href} className="btn btn-secondary btn-sm" aria-label={`Open ${bot.name}`}>
          Open
        </Link>
      </div>
    </li>
  );
}
