import type { AdminWorkspaceDetail } from "@parley/contracts";
import { Alert } from "@parley/ui/components/Alert";
import { Button } from "@parley/ui/components/Button";
import { Ltr, Trans, useFormat, useLanguage, useTranslation } from "@parley/ui/i18n/react";
import { useState } from "react";
import { useParams } from "react-router-dom";
import { useDocumentTitle } from "../../../components/use-document-title";
import { isApiError } from "../../../lib/api";
import { useWorkspace } from "../api";
import { AuditTable } from "../components/AuditTable";
import { useCanChange, useConsole } from "../components/ConsoleContext";
import { GrantDialog } from "../components/GrantDialog";
import { PaymentsTable } from "../components/PaymentsTable";
import { BackLink, Badge, Empty, LoadError, Loading, Missing, Section } from "../components/Status";
import {
  BotsSection,
  ChangesSection,
  ChannelsSection,
  ErrorsSection,
  KeysSection,
  MembersSection,
  WebhooksSection,
} from "../components/WorkspaceSections";
import { LIMIT_KEYS, usageRatio } from "../console";

/** `/admin/customers/:id`: everything about one workspace, and what an admin may do about it. */
export function WorkspacePage() {
  const { t } = useTranslation("admin");
  useDocumentTitle(t("workspace.documentTitle"));
  const { id = "" } = useParams();
  const workspace = useWorkspace(id);
  return (
    <>
      <BackLink to="/admin/customers">{t("common.backToCustomers")}</BackLink>
      {workspace.isPending ? <Loading label={t("workspace.loading")} /> : null}
      {workspace.isError ? (
        isApiError(workspace.error) && workspace.error.code === "NOT_FOUND" ? (
          <Missing title={t("workspace.notFound")} id={id} />
        ) : (
          <LoadError
            what={t("workspace.failed")}
            error={workspace.error}
            onRetry={() => void workspace.refetch()}
            retrying={workspace.isFetching}
          />
        )
      ) : null}
      {workspace.data ? <WorkspaceView workspace={workspace.data} /> : null}
    </>
  );
}

function WorkspaceTitle({ workspace }: { workspace: AdminWorkspaceDetail }) {
  const { t } = useTranslation("admin");
  const owner = workspace.members.find((m) => m.role === "owner");
  if (workspace.name) return <bdi>{workspace.name}</bdi>;
  if (workspace.personal && owner)
    return (
      <Trans
        t={t}
        i18nKey="workspace.personalOf"
        values={{ email: owner.email }}
        components={{ email: <Ltr /> }}
      />
    );
  return <>{t("common.unnamedWorkspace")}</>;
}

function WorkspaceView({ workspace }: { workspace: AdminWorkspaceDetail }) {
  const { t } = useTranslation("admin");
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <>
      <header className="app-page-head admin-page-head">
        <h1>
          <WorkspaceTitle workspace={workspace} />
        </h1>
        <p className="admin-head-meta">
          <span>{t("common.workspaceId")}</span> <Ltr className="admin-id">{workspace.id}</Ltr>
          {workspace.personal ? <Badge tone="neutral">{t("common.personal")}</Badge> : null}
        </p>
      </header>
      <div className="admin-stack">
        {notice ? (
          <Alert tone="success" className="admin-notice">
            {notice}
          </Alert>
        ) : null}
        {!workspace.membersKnown ? <Alert tone="warning">{t("common.partial")}</Alert> : null}
        <div className="admin-grid-2">
          <PlanSection workspace={workspace} onNotice={setNotice} />
          <UsageSection usage={workspace.usage} />
        </div>
        <MembersSection workspace={workspace} />
        <BotsSection workspace={workspace} onNotice={setNotice} />
        <Section title={t("workspace.payments.title")}>
          {workspace.payments.length === 0 ? (
            <Empty>{t("workspace.payments.empty")}</Empty>
          ) : (
            <PaymentsTable payments={workspace.payments} showWorkspace={false} pageSize={10} />
          )}
        </Section>
        <ChangesSection changes={workspace.subscriptionChanges} />
        <div className="admin-grid-2">
          <KeysSection keys={workspace.apiKeys} />
          <ChannelsSection channels={workspace.channels} />
        </div>
        <WebhooksSection webhooks={workspace.webhooks} />
        <ErrorsSection errors={workspace.recentErrors} />
        <Section title={t("workspace.audit.title")}>
          <AuditTable entries={workspace.audit} />
        </Section>
      </div>
    </>
  );
}

function PlanSection({
  workspace,
  onNotice,
}: {
  workspace: AdminWorkspaceDetail;
  onNotice: (text: string) => void;
}) {
  const { t } = useTranslation("admin");
  const { language } = useLanguage();
  const format = useFormat();
  const canChange = useCanChange();
  const { act } = useConsole();
  const [granting, setGranting] = useState(false);
  const sub = workspace.subscription;
  return (
    <Section
      title={t("workspace.plan.title")}
      action={
        canChange ? (
          <Button size="sm" onClick={() => act(() => setGranting(true))}>
            {t("workspace.plan.grant")}
          </Button>
        ) : null
      }
    >
      <p className="admin-plan-name">
        <bdi>{sub.plan.names[language]}</bdi>
        <span className="admin-muted">{t(`workspace.plan.${sub.plan.billingInterval}`)}</span>
        <Badge tone={sub.status === "active" ? "success" : "warning"}>{t(`status.${sub.status}`)}</Badge>
      </p>
      <dl className="admin-dl">
        <dt>{t("workspace.plan.periodStarted")}</dt>
        <dd>{format.date(sub.currentPeriodStart)}</dd>
        <dt>{t("workspace.plan.periodEnds")}</dt>
        <dd>{sub.currentPeriodEnd ? format.date(sub.currentPeriodEnd) : t("workspace.plan.noEnd")}</dd>
        {sub.graceEndsAt ? (
          <>
            <dt>{t("workspace.plan.graceEnds")}</dt>
            <dd>{format.date(sub.graceEndsAt)}</dd>
          </>
        ) : null}
      </dl>
      {sub.pendingChange ? (
        <p className="admin-muted">
          {t("workspace.plan.pendingChange", {
            plan: sub.pendingChange.planNames[language],
            date: format.date(sub.pendingChange.effectiveAt),
          })}
        </p>
      ) : null}
      <GrantDialog
        open={granting}
        workspaceId={workspace.id}
        currentPlanId={sub.plan.id}
        onClose={() => setGranting(false)}
        onDone={(text) => {
          setGranting(false);
          onNotice(text);
        }}
      />
    </Section>
  );
}

const USAGE_LABEL = {
  chatbots: "workspace.usage.chatbots",
  messagesPerMonth: "workspace.usage.messagesPerMonth",
  knowledgeSources: "workspace.usage.knowledgeSources",
  teamMembers: "workspace.usage.teamMembers",
} as const;

function UsageSection({ usage }: { usage: AdminWorkspaceDetail["usage"] }) {
  const { t } = useTranslation("admin");
  const format = useFormat();
  const month = format.date(`${usage.month}-15T12:00:00.000Z`, "monthYear");
  return (
    <Section title={t("workspace.usage.title", { month })}>
      <ul className="admin-meters">
        {LIMIT_KEYS.map((key) => {
          const used = usage.used[key];
          const limit = usage.limits[key];
          const ratio = usageRatio(used, limit);
          return (
            <li key={key} className="admin-meter" data-full={ratio >= 1 || undefined}>
              <span className="admin-meter-label">{t(USAGE_LABEL[key])}</span>
              <span className="admin-meter-value">
                {t("workspace.usage.of", { used: format.number(used), limit: format.number(limit) })}
              </span>
              <span className="admin-meter-track" aria-hidden="true">
                <span className="admin-meter-fill" style={{ inlineSize: `${Math.round(ratio * 100)}%` }} />
              </span>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
