import { EmptyState } from "@parley/ui/components/EmptyState";
import { useTranslation } from "@parley/ui/i18n/react";
import type { ReactNode } from "react";
import { ErrorNotice } from "../../../components/ErrorNotice";
import { LoadingPlaceholder } from "../../../components/LoadingPlaceholder";
import { useConversations } from "../api";
import {
  activeFilterCount,
  type InboxFilters,
  statusViewOf,
  statusViewOnly,
  withStatusView,
} from "../filters";
import { ConversationFilterBar } from "./ConversationFilterBar";
import { ConversationList, type OpenConversation } from "./ConversationList";
import { LiveStatusNotice, StatusViews } from "./StatusViews";
import { TranscriptPane } from "./TranscriptPane";

interface ConversationsViewProps {
  filters: InboxFilters;
  onFiltersChange: (next: InboxFilters) => void;
  selectedId: string | null;
  open: OpenConversation;
  /** Back to the list on phones, and where to go once the open conversation is deleted. */
  onClose: () => void;
  /** Set on a chatbot's page: the list is that bot's and the chatbot filter is hidden. */
  lockedBotId?: string;
  /** Shown instead of the list when there are no conversations at all (no filters set). */
  empty: ReactNode;
}

/**
 * The conversation list beside the open transcript (two panes on wide screens; on phones the
 * list, or the transcript with a way back). Used by /inbox and by a chatbot's Conversations tab.
 */
export function ConversationsView({
  filters,
  onFiltersChange,
  selectedId,
  open,
  onClose,
  lockedBotId,
  empty,
}: ConversationsViewProps) {
  const { t } = useTranslation("inbox");
  const effective = lockedBotId ? { ...filters, chatbotId: lockedBotId } : filters;
  const query = useConversations(effective);
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = activeFilterCount(effective, lockedBotId ? ["chatbotId"] : []) > 0;
  const view = statusViewOf(filters);

  let list: ReactNode;
  if (query.isPending) {
    list = (
      <LoadingPlaceholder label={t("list.loading")}>
        <ul className="conv-list" aria-hidden="true">
          {[0, 1, 2, 3].map((n) => (
            <li key={n} className="conv-item conv-item-skeleton">
              <span className="skeleton" style={{ width: "40%", height: 14 }} />
              <span className="skeleton" style={{ width: "85%", height: 18 }} />
              <span className="skeleton" style={{ width: "55%", height: 14 }} />
            </li>
          ))}
        </ul>
      </LoadingPlaceholder>
    );
  } else if (!query.data) {
    list = <ErrorNotice error={query.error} onRetry={() => void query.refetch()} />;
  } else if (items.length === 0) {
    // Nothing matches the filters, or nothing in this status view: the way back to more.
    const widen = filtered
      ? {
          title: t("list.noMatch.title"),
          body: t("list.noMatch.body"),
          action: t("list.clearFilters"),
          to: () => statusViewOnly(filters),
        }
      : view !== "all"
        ? {
            title: t(`live.empty.${view}Title`),
            body: t(`live.empty.${view}Body`),
            action: t("live.empty.showAll"),
            to: () => withStatusView(filters, "all"),
          }
        : null;
    list = widen ? (
      <EmptyState
        className="inbox-empty"
        titleAs="h2"
        title={widen.title}
        action={
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => onFiltersChange(widen.to())}
          >
            {widen.action}
          </button>
        }
      >
        <p>{widen.body}</p>
      </EmptyState>
    ) : (
      empty
    );
  } else {
    list = (
      <>
        <p className="conv-summary" role="status">
          {query.hasNextPage
            ? t("list.latest", { count: items.length })
            : t("list.total", { count: items.length })}
          {filtered || view !== "all" ? t("list.matching") : ""}
        </p>
        <ConversationList items={items} selectedId={selectedId} open={open} showBotName={!lockedBotId} />
        {query.hasNextPage ? (
          <button
            type="button"
            className="btn btn-secondary btn-sm conv-more"
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
          >
            {query.isFetchingNextPage ? t("list.loadingMore") : t("list.loadMore")}
          </button>
        ) : null}
        {query.isFetchNextPageError ? (
          <ErrorNotice error={query.error} onRetry={() => void query.fetchNextPage()} />
        ) : null}
      </>
    );
  }

  return (
    <div className="inbox-conversations">
      <ConversationFilterBar filters={filters} onChange={onFiltersChange} showBotSelect={!lockedBotId} />
      <div className="inbox-split" data-open={selectedId ? "" : undefined}>
        <section className="inbox-list-pane" aria-label={t("list.listPane")}>
          <div className="inbox-list-tools">
            <StatusViews filters={filters} onChange={onFiltersChange} />
            <LiveStatusNotice />
          </div>
          {list}
        </section>
        <section className="inbox-detail-pane" aria-label={t("list.transcriptPane")}>
          {selectedId ? (
            <TranscriptPane
              key={selectedId}
              conversationId={selectedId}
              onBack={onClose}
              onDeleted={onClose}
            />
          ) : (
            <div className="inbox-pick">
              <p>{items.length > 0 ? t("list.pick") : t("list.opensHere")}</p>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
