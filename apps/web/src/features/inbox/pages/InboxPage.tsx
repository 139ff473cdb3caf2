import type { ReactNode } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router-dom";
import { useDocumentTitle } from "../../../components/use-document-title";
import { ToastProvider } from "../../chatbots/components/Toast";
import { useLeads, useUnanswered } from "../api";
import { ConversationsView } from "../components/ConversationsView";
import { LeadsView } from "../components/LeadsView";
import { UnansweredView } from "../components/UnansweredView";
import {
  filtersFromSearch,
  filtersQueryString,
  filtersToSearch,
  type InboxFilters,
  type InboxView,
  inboxViewOf,
} from "../filters";
import { formatNumber } from "../format";
import "../../chatbots/styles/base.css";
import "../styles/index.css";

const TITLES = { conversations: "Inbox", unanswered: "Unanswered questions", leads: "Leads" } as const;

export function InboxPage() {
  return (
    <ToastProvider>
      <Inbox />
    </ToastProvider>
  );
}

function Inbox() {
  const { "*": splat = "" } = useParams();
  const view = inboxViewOf(splat);
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  useDocumentTitle(TITLES[view.kind]);

  const filters = filtersFromSearch(searchParams);
  const setFilters = (next: InboxFilters) =>
    setSearchParams(filtersToSearch(next), { replace: true, preventScrollReset: true });
  const setBot = (chatbotId?: string) => setFilters(chatbotId ? { chatbotId } : {});
  const query = filtersQueryString(filters);

  let body: ReactNode;
  if (view.kind === "unanswered")
    body = <UnansweredView chatbotId={filters.chatbotId} onChatbotChange={setBot} />;
  else if (view.kind === "leads") body = <LeadsView chatbotId={filters.chatbotId} onChatbotChange={setBot} />;
  else
    body = (
      <ConversationsView
        filters={filters}
        onFiltersChange={setFilters}
        selectedId={view.conversationId}
        open={{ href: (id) => `/inbox/${encodeURIComponent(id)}${query}` }}
        onClose={() => navigate(`/inbox${query}`)}
        empty={
          <div className="inbox-empty">
            <h2>No conversations yet</h2>
            <p>
              When visitors chat with a published chatbot on your website, every conversation lands here: what
              they asked, what the bot answered, how they rated it, and the contact details they left.
            </p>
          </div>
        }
      />
    );

  return (
    <div
      className="container app-page inbox-page"
      data-reading={view.kind === "conversations" && view.conversationId ? "" : undefined}
    >
      <header className="app-page-head inbox-head">
        <h1>Inbox</h1>
        <p className="app-page-lead">
          Learn from every conversation: what visitors asked, what went unanswered, and who wants to hear
          back.
        </p>
      </header>
      <InboxNav active={view.kind} chatbotId={filters.chatbotId} />
      {body}
    </div>
  );
}

function InboxNav({ active, chatbotId }: { active: InboxView["kind"]; chatbotId: string | undefined }) {
  // The same queries as the views (and the same chatbot), so the counts match what they list.
  const unanswered = useUnanswered(chatbotId);
  const leads = useLeads(chatbotId);
  // A chosen chatbot carries over between the three views.
  const keep = chatbotId ? `?chatbotId=${encodeURIComponent(chatbotId)}` : "";
  const tabs: { kind: InboxView["kind"]; to: string; label: ReactNode; count: number | undefined }[] = [
    { kind: "conversations", to: `/inbox${keep}`, label: "Conversations", count: undefined },
    {
      kind: "unanswered",
      to: `/inbox/unanswered${keep}`,
      label: (
        <>
          Unanswered<span className="inbox-tab-more"> questions</span>
        </>
      ),
      count: unanswered.data?.length,
    },
    { kind: "leads", to: `/inbox/leads${keep}`, label: "Leads", count: leads.data?.length },
  ];
  return (
    <nav className="inbox-tabs" aria-label="Inbox sections">
      <ul>
        {tabs.map((tab) => (
          <li key={tab.kind}>
            <Link to={tab.to} className="inbox-tab" aria-current={tab.kind === active ? "page" : undefined}>
              {tab.label}
              {tab.count !== undefined ? (
                <span className="inbox-count">
                  <span className="sr-only">(</span>
                  {formatNumber(tab.count)}
                  <span className="sr-only">)</span>
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
