import type { KnowledgeSource } from "@parley/contracts";
import { useRef, useState } from "react";
import { Modal } from "../../../components/Modal";
import { useDeleteSource, useResyncSource } from "../api";
import {
  chunkLabel,
  isInProgress,
  progressView,
  SOURCE_KIND_LABEL,
  SOURCE_STATUS_LABEL,
  safeLink,
  skippedLabel,
  sourceDetail,
} from "../chatbots";
import { ErrorNotice } from "./ErrorNotice";
import { KindIcon, RefreshIcon, TrashIcon } from "./icons";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

export function StatusBadge({ status }: { status: KnowledgeSource["status"] }) {
  return (
    <span className="source-status" data-status={status}>
      {status === "processing" ? <span className="spinner source-status-spinner" aria-hidden="true" /> : null}
      {SOURCE_STATUS_LABEL[status]}
    </span>
  );
}

function SourceProgress({ source }: { source: KnowledgeSource }) {
  const view = progressView(source);
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
  return (
    <details className="source-skipped">
      <summary>{skippedLabel(pages.length)}</summary>
      {/* A term list (address, then why), so its entries are not items of the sources list. */}
      <dl>
        {pages.map((page) => {
          const href = safeLink(page.url);
          return (
            <div key={page.url} className="source-skipped-entry">
              <dt>
                {href ? (
                  <a className="source-skipped-url" href={href} target="_blank" rel="noopener noreferrer">
                    {page.url}
                  </a>
                ) : (
                  <span className="source-skipped-url">{page.url}</span>
                )}
              </dt>
              <dd className="source-skipped-reason">{page.reason}</dd>
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
}

/** The bot's knowledge with live status: progress while reading, passages when ready, why when failed. */
export function SourceList({ chatbotId, sources }: SourceListProps) {
  const resync = useResyncSource(chatbotId);
  const remove = useDeleteSource(chatbotId);
  const [deleting, setDeleting] = useState<KnowledgeSource | null>(null);
  // The safe choice has focus first, so a stray Enter deletes nothing.
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [resyncError, setResyncError] = useState<{ id: string; error: unknown } | null>(null);

  const onResync = (source: KnowledgeSource) => {
    setResyncError(null);
    resync.mutate(source._id, { onError: (error) => setResyncError({ id: source._id, error }) });
  };

  return (
    <>
      <ul className="source-list" aria-label="Knowledge sources">
        {sources.map((source) => {
          const detail = sourceDetail(source);
          const link = source.kind === "website" ? safeLink(source.url) : null;
          const busy = isInProgress(source);
          const resyncing = resync.isPending && resync.variables === source._id;
          return (
            <li key={source._id} className="source-row" data-status={source.status}>
              <span className="source-kind" title={SOURCE_KIND_LABEL[source.kind]}>
                <KindIcon kind={source.kind} size={20} />
                <span className="sr-only">{SOURCE_KIND_LABEL[source.kind]}:</span>
              </span>
              <div className="source-main">
                <div className="source-title-row">
                  <span className="source-title">{source.title}</span>
                  <StatusBadge status={source.status} />
                </div>
                {detail ? (
                  <p className="source-detail">
                    {link ? (
                      <a href={link} target="_blank" rel="noopener noreferrer">
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
                    {chunkLabel(source.chunkCount)}
                    {source.kind === "website" && source.progress.unit === "pages"
                      ? ` from ${source.progress.total} ${source.progress.total === 1 ? "page" : "pages"}`
                      : ""}
                    {source.lastSyncedAt
                      ? ` · updated ${dateFormat.format(new Date(source.lastSyncedAt))}`
                      : ""}
                    {source.embedding?.status === "ready" ? " · semantic search on" : ""}
                    {source.embedding?.status === "queued" || source.embedding?.status === "running"
                      ? ` · semantic search: ${source.embedding.done} of ${source.embedding.total} passages embedded`
                      : ""}
                  </p>
                ) : null}
                {source.status === "ready" && source.embedding?.status === "failed" ? (
                  <p className="source-failure">{source.embedding.error}</p>
                ) : null}
                {source.status === "failed" ? (
                  <p className="source-failure">
                    <strong>Couldn't read this source.</strong>{" "}
                    {source.error ?? "Something went wrong. Try re-syncing it."}
                  </p>
                ) : null}
                {!busy && source.skippedPages.length > 0 ? (
                  <SkippedPages pages={source.skippedPages} />
                ) : null}
                {resyncError?.id === source._id ? <ErrorNotice error={resyncError.error} /> : null}
              </div>
              <div className="source-actions">
                {source.kind === "website" || source.kind === "file" || source.status === "failed" ? (
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm btn-icon"
                    onClick={() => onResync(source)}
                    disabled={busy || resyncing}
                    aria-label={`Re-sync ${source.title}`}
                    title={busy ? "Being read now" : source.kind === "website" ? "Crawl again" : "Read again"}
                  >
                    <RefreshIcon size={16} className={resyncing ? "icon-spin" : undefined} />
                    <span className="btn-icon-label">Re-sync</span>
                  </button>
                ) : null}
                <button
                  type="button"
                  className="btn btn-ghost btn-sm btn-icon btn-icon-danger"
                  onClick={() => {
                    remove.reset();
                    setDeleting(source);
                  }}
                  aria-label={`Delete ${source.title}`}
                >
                  <TrashIcon size={16} />
                  <span className="btn-icon-label">Delete</span>
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      <Modal
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        dismissible={!remove.isPending}
        role="alertdialog"
        initialFocusRef={cancelRef}
        title="Delete this source?"
        description={
          <>
            <strong>{deleting?.title}</strong> and everything the bot learned from it will be removed. Answers
            stop citing it right away. This can't be undone.
          </>
        }
      >
        <ErrorNotice error={remove.error} />
        <div className="modal-actions">
          <button
            ref={cancelRef}
            type="button"
            className="btn btn-secondary"
            onClick={() => setDeleting(null)}
            disabled={remove.isPending}
          >
            Cancel
          </button>
          <button
            type="button"
            className="btn btn-danger"
            disabled={remove.isPending}
            onClick={() => {
              if (!deleting) return;
              remove.mutate(deleting._id, { onSuccess: () => setDeleting(null) });
            }}
          >
            {remove.isPending ? <span className="spinner" aria-hidden="true" /> : null}
            {remove.isPending ? "Deleting…" : "Delete source"}
          </button>
        </div>
      </Modal>
    </>
  );
}
