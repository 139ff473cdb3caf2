import { Alert } from "@parley/ui/components/Alert";
import { useFormat, useTranslation } from "@parley/ui/i18n/react";
import { type ComponentType, useEffect, useRef, useState } from "react";
import { Link, useParams, useSearchParams } from "react-router-dom";
import { ErrorNotice } from "../../../components/ErrorNotice";
import { LoadingPlaceholder } from "../../../components/LoadingPlaceholder";
import { useDocumentTitle } from "../../../components/use-document-title";
import { isApiError } from "../../../lib/api";
import { useChatbot, useSources } from "../api";
import { anyInProgress, type BuilderTab, parseTab, sourcesSummary } from "../chatbots";
import { EmbedTab } from "../components/EmbedTab";
import { ArrowLeftIcon } from "../components/icons";
import { KnowledgeTab } from "../components/KnowledgeTab";
import { PlaygroundTab } from "../components/playground/PlaygroundTab";
import { SettingsTab } from "../components/settings/SettingsTab";
import { type TabItem, TabList, TabPanel } from "../components/Tabs";
import { ToastProvider } from "../components/Toast";
import { useWords } from "../words";
import "../styles/index.css";

/** What the Conversations tab gets: the bot, and a way to the Playground when it has none yet. */
export interface ConversationsTabProps {
  chatbotId: string;
  onOpenPlayground: () => void;
}

/**
 * The chatbot builder. Its Conversations tab is the inbox's list for this bot: the app hands it in
 * (see app/routes/ChatbotRoute.tsx), so the builder does not reach up into the inbox.
 */
export function ChatbotPage({
  ConversationsTab,
}: {
  ConversationsTab: ComponentType<ConversationsTabProps>;
}) {
  return (
    <ToastProvider>
      <ChatbotBuilder ConversationsTab={ConversationsTab} />
    </ToastProvider>
  );
}

function ChatbotBuilder({ ConversationsTab }: { ConversationsTab: ComponentType<ConversationsTabProps> }) {
  const { t } = useTranslation("builder");
  const format = useFormat();
  const words = useWords();
  const tabLabel = (id: BuilderTab) => t(`page.tabs.${id}`);
  const { id = "" } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = parseTab(searchParams.get("tab"));
  const bot = useChatbot(id);
  const sources = useSources(id);
  // Panels mount on first visit and then stay, so a chat or a half-filled form survives switching.
  const [visited, setVisited] = useState<ReadonlySet<BuilderTab>>(() => new Set([tab]));
  if (!visited.has(tab)) setVisited(new Set([...visited, tab]));

  useDocumentTitle(
    bot.data ? t("page.documentTitle", { name: bot.data.name, tab: tabLabel(tab) }) : t("page.fallbackTitle"),
  );

  // Arriving from the quick start, focus was in a dialog that no longer exists: start at the title.
  const titleRef = useRef<HTMLHeadingElement>(null);
  const loaded = Boolean(bot.data);
  useEffect(() => {
    if (loaded && (document.activeElement === null || document.activeElement === document.body))
      titleRef.current?.focus({ preventScroll: true });
  }, [loaded]);

  const selectTab = (next: BuilderTab) => {
    setSearchParams(
      (params) => {
        const copy = new URLSearchParams(params);
        copy.set("tab", next);
        return copy;
      },
      { replace: true },
    );
  };

  if (bot.isError && !bot.data) {
    const missing = isApiError(bot.error) && bot.error.code === "NOT_FOUND";
    return (
      <div className="container app-page">
        <BackLink />
        <div
          className={`state-panel${missing ? "" : " state-panel-error"}`}
          role={missing ? undefined : "alert"}
        >
          <h1 className="builder-missing-title">{missing ? t("page.missing") : t("page.loadFailed")}</h1>
          {missing ? (
            <>
              <p>{t("page.missingBody")}</p>
              <Link to="/dashboard" className="btn btn-primary btn-sm">
                {t("page.seeChatbots")}
              </Link>
            </>
          ) : (
            <ErrorNotice error={bot.error} onRetry={() => void bot.refetch()} />
          )}
        </div>
      </div>
    );
  }

  const data = bot.data;
  const list = sources.data;
  const ready = list?.filter((s) => s.status === "ready").length ?? 0;
  const busy = anyInProgress(list);

  const tabs: TabItem<BuilderTab>[] = [
    { id: "settings", label: tabLabel("settings") },
    {
      id: "knowledge",
      label: tabLabel("knowledge"),
      extra: list ? (
        <span className="tab-count" data-busy={busy || undefined}>
          {busy ? <span className="tab-count-dot" aria-hidden="true" /> : null}
          {list.length}
          <span className="sr-only">
            {busy ? t("page.sourcesBusy", { count: list.length }) : t("page.sources", { count: list.length })}
          </span>
        </span>
      ) : null,
    },
    { id: "playground", label: tabLabel("playground") },
    { id: "embed", label: tabLabel("embed") },
    { id: "conversations", label: tabLabel("conversations") },
  ];

  return (
    <div className="container app-page builder-page">
      <BackLink />
      <header className="builder-head">
        {data ? (
          <>
            <div className="builder-title-row">
              <h1 ref={titleRef} className="builder-title" tabIndex={-1}>
                {data.name}
              </h1>
              <span className={`pub-badge${data.published ? " pub-badge-live" : ""}`}>
                {data.published ? t("page.published") : t("page.draft")}
              </span>
              {data.suspended ? (
                <span className="pub-badge pub-badge-suspended">{t("page.suspended")}</span>
              ) : null}
            </div>
            <p className="builder-sub">{list ? sourcesSummary(ready, list.length, words) : "\u00a0"}</p>
            {data.suspended ? (
              <Alert tone="warning" title={t("page.suspendedTitle")}>
                <p>
                  {t("page.suspendedText", {
                    date: format.date(data.suspended.at, "dateTime"),
                    reason: data.suspended.reason,
                  })}
                </p>
              </Alert>
            ) : null}
          </>
        ) : (
          <div aria-hidden="true">
            <span className="skeleton" style={{ width: 260, maxWidth: "70%", height: 36 }} />
            <span className="skeleton" style={{ width: 160, height: 18, marginTop: 10 }} />
          </div>
        )}
      </header>

      <TabList
        idPrefix="builder"
        label={t("page.sections")}
        tabs={tabs}
        selected={tab}
        onSelect={selectTab}
      />

      {data ? (
        <>
          <TabPanel idPrefix="builder" id="settings" active={tab === "settings"}>
            {visited.has("settings") ? <SettingsTab bot={data} /> : null}
          </TabPanel>
          <TabPanel idPrefix="builder" id="knowledge" active={tab === "knowledge"}>
            {visited.has("knowledge") ? <KnowledgeTab chatbotId={id} sources={sources} /> : null}
          </TabPanel>
          <TabPanel idPrefix="builder" id="playground" active={tab === "playground"}>
            {visited.has("playground") ? (
              <PlaygroundTab bot={data} sources={list} onGoToKnowledge={() => selectTab("knowledge")} />
            ) : null}
          </TabPanel>
          <TabPanel idPrefix="builder" id="embed" active={tab === "embed"}>
            {visited.has("embed") ? <EmbedTab bot={data} /> : null}
          </TabPanel>
          <TabPanel idPrefix="builder" id="conversations" active={tab === "conversations"}>
            {visited.has("conversations") ? (
              <ConversationsTab chatbotId={id} onOpenPlayground={() => selectTab("playground")} />
            ) : null}
          </TabPanel>
        </>
      ) : (
        <LoadingPlaceholder className="tab-panel" label={t("page.loading")}>
          <div className="builder-skeleton" aria-hidden="true">
            <span className="skeleton" style={{ height: 220 }} />
            <span className="skeleton" style={{ height: 160 }} />
          </div>
        </LoadingPlaceholder>
      )}
    </div>
  );
}

function BackLink() {
  const { t } = useTranslation("builder");
  return (
    <Link to="/dashboard" className="back-link">
      <ArrowLeftIcon size={16} />
      {t("page.back")}
    </Link>
  );
}
