import type { KnowledgeSource } from "@parley/contracts";
import type { UseQueryResult } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { useSubscriptionDetails, useUsage } from "../../dashboard/api";
import { useSignedInUser } from "../../session/session-context";
import { useAddSource } from "../api";
import { fileLimitMb, sourcesSummary } from "../chatbots";
import { ErrorNotice } from "./ErrorNotice";
import { SourceForm, type SubmitSource } from "./SourceForm";
import { SourceList } from "./SourceList";

interface KnowledgeTabProps {
  chatbotId: string;
  sources: UseQueryResult<KnowledgeSource[]>;
}

export function KnowledgeTab({ chatbotId, sources }: KnowledgeTabProps) {
  // Lists are cached per workspace: another workspace never shows this one's bots.
  const { workspaceId: userId } = useSignedInUser();
  const subscription = useSubscriptionDetails(userId);
  const usage = useUsage(userId);
  const add = useAddSource(chatbotId);
  const limitMb = fileLimitMb(subscription.data?.plan.tier);

  const submit: SubmitSource = async (draft, onUploadProgress) => {
    await add.mutateAsync({ draft, ...(onUploadProgress ? { onUploadProgress } : {}) });
  };

  const list = sources.data ?? [];
  const atLimit = usage.data ? usage.data.used.knowledgeSources >= usage.data.limits.knowledgeSources : false;
  const ready = list.filter((s) => s.status === "ready").length;

  return (
    <div className="knowledge">
      <section className="card builder-card knowledge-add" aria-labelledby="knowledge-add-title">
        <div className="builder-card-head">
          <h2 id="knowledge-add-title" className="builder-card-title">
            Add knowledge
          </h2>
          {usage.data ? (
            <span className="builder-muted builder-small">
              {usage.data.used.knowledgeSources} of {usage.data.limits.knowledgeSources} sources on your plan
            </span>
          ) : null}
        </div>
        <p className="builder-card-lead">
          Your chatbot answers only from what you add here, and shows which source each answer came from.
        </p>
        {atLimit && usage.data ? (
          <div className="alert limit-note" role="note">
            You've used all {usage.data.limits.knowledgeSources} knowledge sources on the{" "}
            {usage.data.planName} plan. Delete one to add another, or <Link to="/billing">compare plans</Link>
            .
          </div>
        ) : null}
        <SourceForm idPrefix="add-source" onSubmit={submit} fileLimitMb={limitMb} submitLabel="Add source" />
      </section>

      <section
        className="card builder-card knowledge-list"
        aria-labelledby="knowledge-list-title"
        aria-busy={sources.isPending}
      >
        <div className="builder-card-head">
          <h2 id="knowledge-list-title" className="builder-card-title">
            Your knowledge
          </h2>
          {sources.data ? (
            <span className="builder-muted builder-small" data-testid="sources-summary">
              {sourcesSummary(ready, list.length)}
            </span>
          ) : null}
        </div>
        {sources.isPending ? (
          <SourceListSkeleton />
        ) : sources.isError ? (
          <ErrorNotice error={sources.error} onRetry={() => void sources.refetch()} />
        ) : list.length === 0 ? (
          <div className="builder-empty">
            <p className="builder-empty-title">No knowledge yet</p>
            <p>
              Add a few paragraphs about your business, the questions customers ask most, your website or a
              document such as a price list or handbook. Reading usually takes a few seconds.
            </p>
          </div>
        ) : (
          <SourceList chatbotId={chatbotId} sources={list} />
        )}
      </section>
    </div>
  );
}

export function SourceListSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <ul className="source-list" aria-hidden="true">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <li key={i} className="source-row">
          <span className="skeleton" style={{ width: 36, height: 36, borderRadius: 10 }} />
          <div className="source-main">
            <span className="skeleton" style={{ width: "55%", height: 18 }} />
            <span className="skeleton" style={{ width: "35%", height: 14, marginTop: 8 }} />
          </div>
        </li>
      ))}
    </ul>
  );
}
