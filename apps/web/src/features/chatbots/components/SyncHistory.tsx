import type { KnowledgeSource, SourceSync } from "@parley/contracts";
import { useFormat, useTranslation } from "@parley/ui/i18n/react";
import { useState } from "react";
import { ErrorNotice } from "../../../components/ErrorNotice";
import { useSourceSyncs } from "../api";
import { safeLink } from "../chatbots";
import { notablePages, pageLabel, syncCounts } from "../source-sync";
import { useWords } from "../words";

/**
 * A website source's syncs, newest first, behind a disclosure on its card: when, why (scheduled or
 * by hand), what happened, and the pages that were added, changed, removed or could not be read.
 * Read from the API when first opened.
 */
export function SyncHistory({ chatbotId, source }: { chatbotId: string; source: KnowledgeSource }) {
  const { t } = useTranslation("builder");
  const [open, setOpen] = useState(false);
  const syncs = useSourceSyncs(chatbotId, source, open);
  return (
    <details className="source-history" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{t("sources.history")}</summary>
      {!open ? null : syncs.isPending ? (
        <p className="source-history-note" role="status">
          {t("sources.historyLoading")}
        </p>
      ) : syncs.isError ? (
        <ErrorNotice error={syncs.error} onRetry={() => void syncs.refetch()} />
      ) : syncs.data.length === 0 ? (
        <p className="source-history-note">{t("sources.historyEmpty")}</p>
      ) : (
        <ol className="source-history-list">
          {syncs.data.map((sync) => (
            <SyncEntry key={sync.startedAt} sync={sync} sourceUrl={source.url} />
          ))}
        </ol>
      )}
    </details>
  );
}

export function SyncEntry({ sync, sourceUrl }: { sync: SourceSync; sourceUrl: string | null }) {
  const { t } = useTranslation("builder");
  const words = useWords();
  const format = useFormat();
  const { pages, folded, more } =
    sync.status === "running" ? { pages: [], folded: [], more: 0 } : notablePages(sync);
  const item = (page: (typeof pages)[number]) => (
    <PageItem
      key={`${page.outcome}:${page.url}`}
      page={page}
      held={sync.status === "held"}
      sourceUrl={sourceUrl}
    />
  );
  return (
    <li className="source-history-entry" data-status={sync.status}>
      <p className="source-history-head">
        <time dateTime={sync.startedAt}>{format.date(sync.startedAt, "dateTime")}</time>
        <span>
          {sync.trigger === "scheduled" ? t("sources.triggerScheduled") : t("sources.triggerManual")}
        </span>
        <span className="source-history-status" data-status={sync.status}>
          {t(`syncStatus.${sync.status}`)}
        </span>
      </p>
      {sync.status === "failed" ? (
        <p className="source-history-error">
          {sync.error ? words.server(sync.error, t("sources.failedFallback")) : t("sources.failedFallback")}
        </p>
      ) : sync.status !== "running" ? (
        <p className="source-history-counts">{syncCounts(sync, words)}</p>
      ) : null}
      {pages.length > 0 ? (
        <ul className="source-history-pages" aria-label={t("sources.historyPages")}>
          {pages.map(item)}
        </ul>
      ) : null}
      {folded.length > 0 ? (
        <details className="source-history-fold">
          <summary>{t("sources.historyShowMore", { count: folded.length })}</summary>
          <ul className="source-history-pages">{folded.map(item)}</ul>
        </details>
      ) : null}
      {more > 0 ? <p className="source-history-more">{t("sources.historyMore", { count: more })}</p> : null}
    </li>
  );
}

/** A page of a sync: what happened to it, its address (a link), and why when it could not be read. */
function PageItem({
  page,
  held,
  sourceUrl,
}: {
  page: ReturnType<typeof notablePages>["pages"][number];
  /** The sync held its removals back: a "removed" page is still known. */
  held: boolean;
  sourceUrl: string | null;
}) {
  const { t } = useTranslation("builder");
  const words = useWords();
  const href = safeLink(page.url);
  const label = pageLabel(page.url, sourceUrl);
  const outcome = page.outcome === "removed" && held ? "heldRemoved" : page.outcome;
  return (
    <li data-outcome={outcome}>
      <span className="source-history-outcome">{t(`pageOutcome.${outcome}`)}</span>
      {href ? (
        <a href={href} target="_blank" rel="noopener noreferrer" dir="ltr" title={page.url}>
          {label}
        </a>
      ) : (
        <span dir="ltr">{label}</span>
      )}
      {page.reason ? (
        <span className="source-history-reason">{words.server(page.reason, t("sources.pageSkipped"))}</span>
      ) : null}
    </li>
  );
}
