import type { KnowledgeSource } from "@parley/contracts";
import { Trans, useTranslation } from "@parley/ui/i18n/react";
import type { UseQueryResult } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { ErrorNotice } from "../../../components/ErrorNotice";
import { HeadedCard } from "../../../components/HeadedCard";
import { useSubscriptionDetails, useUsage } from "../../billing/public";
import { usePlanText } from "../../pricing/public";
import { useSignedInUser } from "../../session/public";
import { useAccess, useCan } from "../../workspaces/public";
import { useAddSource } from "../api";
import { fileLimitMb, sourcesSummary } from "../chatbots";
import { useWords } from "../words";
import { SourceForm, type SubmitSource } from "./SourceForm";
import { SourceList } from "./SourceList";

interface KnowledgeTabProps {
  chatbotId: string;
  sources: UseQueryResult<KnowledgeSource[]>;
}

export function KnowledgeTab({ chatbotId, sources }: KnowledgeTabProps) {
  const { t } = useTranslation("builder");
  const words = useWords();
  const planText = usePlanText();
  // Lists are cached per workspace: another workspace never shows this one's bots.
  const { workspaceId: userId } = useSignedInUser();
  // Agents read the knowledge; owners and admins change it (the API's table decides both).
  const access = useAccess("knowledge:write");
  const canWrite = access === "yes";
  // The plan (for the file size limit) is the owners' to read; others get the smallest limit.
  const subscription = useSubscriptionDetails(userId, useCan("billing"));
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
    <div className="knowledge" data-read-only={canWrite ? undefined : ""}>
      {access === "no" ? (
        <div className="alert alert-info knowledge-read-only" role="status">
          {t("knowledge.readOnly")}
        </div>
      ) : null}
      {canWrite ? (
        <HeadedCard
          kind="builder"
          className="knowledge-add"
          titleId="knowledge-add-title"
          title={t("knowledge.addTitle")}
          aside={
            usage.data ? (
              <span className="builder-muted builder-small">
                {t("knowledge.usage", {
                  used: words.number(usage.data.used.knowledgeSources),
                  limit: words.number(usage.data.limits.knowledgeSources),
                })}
              </span>
            ) : null
          }
        >
          <p className="builder-card-lead">{t("knowledge.lead")}</p>
          {atLimit && usage.data ? (
            <div className="alert limit-note" role="note">
              <Trans
                t={t}
                i18nKey="knowledge.atLimit"
                values={{
                  limit: words.number(usage.data.limits.knowledgeSources),
                  plan: planText.name({ name: usage.data.planName, names: usage.data.planNames }),
                }}
                components={{ plans: <Link to="/billing" /> }}
              />
            </div>
          ) : null}
          <SourceForm
            idPrefix="add-source"
            onSubmit={submit}
            fileLimitMb={limitMb}
            submitLabel={t("knowledge.addSource")}
          />
        </HeadedCard>
      ) : null}

      <HeadedCard
        kind="builder"
        className="knowledge-list"
        titleId="knowledge-list-title"
        busy={sources.isPending}
        title={t("knowledge.listTitle")}
        aside={
          sources.data ? (
            <span className="builder-muted builder-small" data-testid="sources-summary">
              {sourcesSummary(ready, list.length, words)}
            </span>
          ) : null
        }
      >
        {sources.isPending ? (
          <SourceListSkeleton />
        ) : sources.isError ? (
          <ErrorNotice error={sources.error} onRetry={() => void sources.refetch()} />
        ) : list.length === 0 ? (
          <div className="builder-empty">
            <p className="builder-empty-title">{t("knowledge.emptyTitle")}</p>
            <p>{canWrite ? t("knowledge.emptyBody") : t("knowledge.emptyBodyReadOnly")}</p>
          </div>
        ) : (
          <SourceList chatbotId={chatbotId} sources={list} canEdit={canWrite} />
        )}
      </HeadedCard>
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
