import type { AdminWorkspaceDetail } from "@parley/contracts";
import { Alert } from "@parley/ui/components/Alert";
import { Button } from "@parley/ui/components/Button";
import { Ltr, Trans, useFormat, useLanguage, useTranslation } from "@parley/ui/i18n/react";
import { useState } from "react";
import { useParams } from "react-router-dom";
import { useDowngrade, useWorkspace, useWorkspaceSuspension } from "../api";
import { AuditTable } from "../components/AuditTable";
import { BotsSection } from "../components/BotsSection";
import { useCanChange, useConsole } from "../components/ConsoleContext";
import { DowngradeDialog } from "../components/DowngradeDialog";
import { GrantDialog } from "../components/GrantDialog";
import { PaymentsTable } from "../components/PaymentsTable";
import { ReasonDialog } from "../components/ReasonDialog";
import { Badge, DetailPage, Empty, Section } from "../components/Status";
import {
  ChangesSection,
  ChannelsSection,
  ErrorsSection,
  KeysSection,
  MembersSection,
  WebhooksSection,
} from "../components/WorkspaceSections";
import { LIMIT_KEYS, usageRatio, workspaceNameOf } from "../console";

/** `/admin/customers/:id`: everything about one workspace, and what an admin may do about it. */
export function WorkspacePage() {
  const { t } = useTranslation("admin");
  const { id = "" } = useParams();
  const workspace = useWorkspace(id);
  return (
    <DetailPage
      page="workspace"
      id={id}
      query={workspace}
      back={{ to: "/admin/customers", label: t("common.backToCustomers") }}
    >
      {(data) => <WorkspaceView workspace={data} />}
    </DetailPage>
  );
}

function WorkspaceTitle({ workspace }: { workspace: AdminWorkspaceDetail }) {
  const { t } = useTranslation("admin");
  const owner = workspace.members.find((m) => m.role === "owner");
  if (workspace.name)
    return <bdi>{workspaceNameOf(workspace.name, (name) => t("common.theirWorkspace", { name }))}</bdi>;
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
  const format = useFormat();
  const canChange = useCanChange();
  const { act } = useConsole();
  const suspend = useWorkspaceSuspension(workspace.id);
  const [notice, setNotice] = useState<string | null>(null);
  const [suspending, setSuspending] = useState(false);
  const suspended = workspace.suspension;
  return (
    <>
      <header className="app-page-head admin-page-head admin-head-row">
        <div>
          <h1>
            <WorkspaceTitle workspace={workspace} />
          </h1>
          <p className="admin-head-meta">
            <span>{t("common.workspaceId")}</span> <Ltr className="admin-id">{workspace.id}</Ltr>
            {workspace.personal ? <Badge tone="neutral">{t("common.personal")}</Badge> : null}
          </p>
        </div>
        {canChange ? (
          <Button size="sm" variant="secondary" onClick={() => act(() => setSuspending(true))}>
            {t(suspended ? "workspace.suspension.lift" : "workspace.suspension.suspend")}
          </Button>
        ) : null}
      </header>
      <div className="admin-stack">
        {notice ? (
          <Alert tone="success" className="admin-notice">
            {notice}
          </Alert>
        ) : null}
        {suspended ? (
          <Alert tone="error" role="status" className="admin-suspended" data-testid="workspace-suspended">
            <Trans
              t={t}
              i18nKey="workspace.suspension.banner"
              values={{ date: format.date(suspended.at, "dateTime"), by: suspended.by }}
              components={{ by: <Ltr /> }}
            />{" "}
            <bdi>{t("workspace.suspension.reason", { reason: suspended.reason })}</bdi>
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
      <ReasonDialog
        open={suspending}
        tone={suspended ? "primary" : "danger"}
        title={t(suspended ? "workspace.suspension.liftTitle" : "workspace.suspension.suspendTitle")}
        description={t(suspended ? "workspace.suspension.liftBody" : "workspace.suspension.suspendBody")}
        confirmLabel={t(suspended ? "workspace.suspension.lift" : "workspace.suspension.suspend")}
        busyLabel={t(suspended ? "workspace.suspension.lifting" : "workspace.suspension.suspending")}
        onCancel={() => setSuspending(false)}
        onConfirm={async (reason) => {
          await suspend.mutateAsync({ suspend: !suspended, reason });
          setSuspending(false);
          setNotice(t(suspended ? "workspace.suspension.liftedDone" : "workspace.suspension.suspendedDone"));
        }}
      />
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
  const [downgrading, setDowngrading] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const downgrade = useDowngrade(workspace.id);
  const sub = workspace.subscription;
  // A downgrade needs a paid period to end (the Free plan has none).
  const paid = sub.plan.tier > 0 && sub.currentPeriodEnd !== null;
  return (
    <Section
      title={t("workspace.plan.title")}
      action={
        canChange ? (
          <span className="admin-actions">
            <Button size="sm" onClick={() => act(() => setGranting(true))}>
              {t("workspace.plan.grant")}
            </Button>
            {sub.pendingChange ? (
              <Button size="sm" variant="secondary" onClick={() => act(() => setCancelling(true))}>
                {t("workspace.plan.cancelDowngrade")}
              </Button>
            ) : paid ? (
              <Button size="sm" variant="secondary" onClick={() => act(() => setDowngrading(true))}>
                {t("workspace.plan.downgrade")}
              </Button>
            ) : null}
          </span>
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
      <DowngradeDialog
        open={downgrading}
        workspaceId={workspace.id}
        current={sub.plan}
        onClose={() => setDowngrading(false)}
        onDone={(text) => {
          setDowngrading(false);
          onNotice(text);
        }}
      />
      <ReasonDialog
        open={cancelling}
        title={t("workspace.plan.cancelDowngradeTitle")}
        description={t("workspace.plan.cancelDowngradeBody")}
        confirmLabel={t("workspace.plan.cancelDowngrade")}
        busyLabel={t("workspace.plan.cancelling")}
        onCancel={() => setCancelling(false)}
        onConfirm={async (reason) => {
          await downgrade.mutateAsync({ planId: null, reason });
          setCancelling(false);
          onNotice(t("workspace.plan.downgradeCancelled"));
        }}
      />
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
