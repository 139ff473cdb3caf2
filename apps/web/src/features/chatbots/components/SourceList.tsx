import type { KnowledgeSource } from "@parley/contracts";
import { ConfirmDialog } from "@parley/ui/components/Dialog";
import { Trans, useFormat, useTranslation } from "@parley/ui/i18n/react";
import { useState } from "react";
import { ErrorNotice } from "../../../components/ErrorNotice";
import { useDeleteSource, useResyncSource } from "../api";
import {
  chunkLabel,
  isInProgress,
  kindLabel,
  progressView,
  safeLink,
  skippedLabel,
  sourceDetail,
  statusLabel,
} from "../chatbots";
import { lastSyncText } from "../source-sync";
import { useWords } from "../words";
import { KindIcon, RefreshIcon, SlidersIcon, TrashIcon } from "./icons";
import { SourceSettingsDialog } from "./SourceSettingsDialog";
import { SyncHistory } from "./SyncHistory";

export function StatusBadge({ status }: { status: KnowledgeSource["status"] }) {
  const words = useWords();
  return (
    <span className="source-status" data-status={status}>
      {status === "processing" ? <span className="spinner source-status-spinner" aria-hidden="true" /> : null}
      {statusLabel(status, words)}
    </span>
  );
}

function SourceProgress({ source }: { source: KnowledgeSource }) {
  const view = progressView(source, useWords());
  const labelId = `progress-${source._id}`;
  return (
    <div className="source-progress">
      <div
        className="progress"
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={view.percent ?? undefined}
        aria-valuetext={view.label}
        data-indeterminate={view.percent === null || undefined}
      >
        <span
          className="progress-fill"
          style={view.percent === null ? undefined : { width: `${view.percent}%` }}
        />
      </div>
      <span id={labelId} className="source-progress-label">
        {view.label}
      </span>
    </div>
  );
}

/** The pages a crawl did not learn from, with why: a link each (http/https only) and its reason. */
function SkippedPages({ pages }: { pages: KnowledgeSource["skippedPages"] }) {
  const words = useWords();
  return (
    <details className="source-skipped">
      <summary>{skippedLabel(pages.length, words)}</summary>
      {/* A term list (address, then why), so its entries are not items of the sources list. */}
      <dl>
        {pages.map((page) => {
          const href = safeLink(page.url);
          return (
            <div key={page.url} className="source-skipped-entry">
              <dt>
                {href ? (
                  <a
                    className="source-skipped-url"
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                    dir="ltr"
                  >
                    {page.url}
                  </a>
                ) : (
                  <span className="source-skipped-url" dir="ltr">
                    {page.url}
                  </span>
                )}
              </dt>
              <dd className="source-skipped-reason">
                {words.server(page.reason, words.t("sources.pageSkipped"))}
              </dd>
            </div>
          );
        })}
      </dl>
    </details>
  );
}

interface SourceListProps {
  chatbotId: string;
  sources: KnowledgeSource[];
  /** Re-sync and Delete, for members whose role may change the knowledge. */
  canEdit: boolean;
}

/** The bot's knowledge with live status: progress while reading, passages when ready, why when failed. */
export function SourceList({ chatbotId, sources, canEdit }: SourceListProps) {
  const { t } = useTranslation("builder");
  const words = useWords();
  const format = useFormat();
  const resync = useResyncSource(chatbotId);
  const remove = useDeleteSource(chatbotId);
  const [deleting, setDeleting] = useState<KnowledgeSource | null>(null);
  // The safe choice has focus first, so a stray Enter deletes nothing.
  const [resyncError, setResyncError] = useState<{ id: string; error: unknown } | null>(null);
  // By id: the dialog follows the list's live copy of the source (its status, its last sync).
  const [editingId, setEditingId] = useState<string | null>(null);
  const editing = sources.find((s) => s._id === editingId && s.kind === "website") ?? null;

  const onResync = (source: KnowledgeSource) => {
    setResyncError(null);
    resync.mutate(source._id, { onError: (error) => setResyncError({ id: source._id, error }) });
  };

  return (
    <>
      <ul
        className="source-list"
        aria-label={t("sources.listLabel")}
        data-read-only={canEdit ? undefined : ""}
      >
        {sources.map((source) => {
          const detail = sourceDetail(source, words);
          const link = source.kind === "website" ? safeLink(source.url) : null;
          const busy = isInProgress(source);
          const resyncing = resync.isPending && resync.variables === source._id;
          return (
            <li key={source._id} className="source-row" data-status={source.status}>
              <span className="source-kind" title={kindLabel(source.kind, words)}>
                <KindIcon kind={source.kind} size={20} />
                <span className="sr-only">{kindLabel(source.kind, words)}:</span>
              </span>
              <div className="source-main">
                <div className="source-title-row">
                  <span className="source-title" dir="auto">
                    {source.title}
                  </span>
                  <StatusBadge status={source.status} />
                </div>
                {detail ? (
                  <p className="source-detail">
                    {link ? (
                      <a href={link} target="_blank" rel="noopener noreferrer" dir="ltr">
                        {detail}
                      </a>
                    ) : (
                      detail
                    )}
                  </p>
                ) : null}
                {busy ? <SourceProgress source={source} /> : null}
                {source.status === "ready" ? (
                  <p className="source-meta">
                    {chunkLabel(source.chunkCount, words)}
                    {source.kind === "website" && source.progress.unit === "pages"
                      ? t("sources.fromPages", { count: source.progress.total })
                      : ""}
                    {source.lastSyncedAt
                      ? t("sources.updated", { date: format.date(source.lastSyncedAt, "dateTime") })
                      : ""}
                    {source.lastSync ? lastSyncText(source.lastSync, words) : ""}
                    {source.embedding?.status === "ready" ? t("sources.semanticOn") : ""}
                    {source.embedding?.status === "queued" || source.embedding?.status === "running"
                      ? t("sources.semanticProgress", {
                          done: format.number(source.embedding.done),
                          total: format.number(source.embedding.total),
                        })
                      : ""}
                  </p>
                ) : null}
                {source.kind === "website" && source.resyncPaused ? (
                  <p className="source-meta source-schedule">{t("sources.schedulePaused")}</p>
                ) : source.kind === "website" && source.resync !== "off" && source.nextSyncAt ? (
                  <p className="source-meta source-schedule">
                    {t(source.resync === "daily" ? "sources.nextDaily" : "sources.nextWeekly", {
                      date: format.date(source.nextSyncAt, "dateTime"),
                    })}
                  </p>
                ) : null}
                {source.status === "ready" && source.embedding?.status === "failed" ? (
                  <p className="source-failure">
                    {source.embedding.error
                      ? words.server(source.embedding.error, t("sources.embeddingFailed"))
                      : null}
                  </p>
                ) : null}
                {source.status === "failed" ? (
                  <p className="source-failure">
                    <strong>{t("sources.failedTitle")}</strong>{" "}
                    {source.error
                      ? words.server(source.error, t("sources.failedFallback"))
                      : t("sources.failedFallback")}
                  </p>
                ) : null}
                {!busy && source.skippedPages.length > 0 ? (
                  <SkippedPages pages={source.skippedPages} />
                ) : null}
                {source.kind === "website" && source.lastSync ? (
                  <SyncHistory chatbotId={chatbotId} source={source} />
                ) : null}
                {resyncError?.id === source._id ? <ErrorNotice error={resyncError.error} /> : null}
              </div>
              {canEdit ? (
                <div className="source-actions">
                  {source.kind === "website" ? (
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm btn-icon"
                      onClick={() => setEditingId(source._id)}
                      aria-label={t("sources.editLabel", { title: source.title })}
                      title={t("syncSettings.title")}
                    >
                      <SlidersIcon size={16} />
                      <span className="btn-icon-label">{t("sources.edit")}</span>
                    </button>
                  ) : null}
                  {source.kind === "website" || source.kind === "file" || source.status === "failed" ? (
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm btn-icon"
                      onClick={() => onResync(source)}
                      disabled={busy || resyncing}
                      aria-label={t("sources.resyncLabel", { title: source.title })}
                      title={
                        busy
                          ? t("sources.beingRead")
                          : source.kind === "website"
                            ? t("sources.crawlAgain")
                            : t("sources.readAgain")
                      }
                    >
                      <RefreshIcon size={16} className={resyncing ? "icon-spin" : undefined} />
                      <span className="btn-icon-label">{t("sources.resync")}</span>
                    </button>
                  ) : null}
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm btn-icon btn-icon-danger"
                    onClick={() => {
                      remove.reset();
                      setDeleting(source);
                    }}
                    aria-label={t("sources.deleteLabel", { title: source.title })}
                  >
                    <TrashIcon size={16} />
                    <span className="btn-icon-label">{t("sources.delete")}</span>
                  </button>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      <SourceSettingsDialog chatbotId={chatbotId} source={editing} onClose={() => setEditingId(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onCancel={() => setDeleting(null)}
        busy={remove.isPending}
        title={t("sources.confirmTitle")}
        description={
          <Trans
            t={t}
            i18nKey="sources.confirmDescription"
            values={{ title: deleting?.title ?? "" }}
            components={{ b: <strong /> }}
          />
        }
        cancelLabel={t("sources.cancel")}
        confirmLabel={t("sources.deleteSource")}
        busyLabel={t("sources.deleting")}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting._id, { onSuccess: () => setDeleting(null) });
        }}
      >
        <ErrorNotice error={remove.error} />
      </ConfirmDialog>
    </>
  );
}
