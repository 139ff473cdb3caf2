import { type AdminWorkspaceDetail, PLAN_CHANGE_KINDS } from "@parley/contracts";
import { Ltr, Trans, useFormat, useLanguage, useTranslation } from "@parley/ui/i18n/react";
import type en from "@parley/ui/locales/en/admin";
import { errorSubject } from "../console";
import { TableSection, useTableTexts, useWhenColumn } from "./AdminTable";
import { useRecordedText } from "./form";
import { Badge } from "./Status";

type W = AdminWorkspaceDetail;
type Workspace = (typeof en)["workspace"];

export function MembersSection({ workspace }: { workspace: W }) {
  const { t } = useTranslation("admin");
  return (
    <TableSection
      title={t("workspace.members.title")}
      emptyText={t(workspace.membersKnown ? "workspace.members.empty" : "workspace.members.unknown")}
      empty={!workspace.membersKnown}
      caption={t("workspace.members.caption")}
      rows={workspace.members}
      rowKey={(m) => m.userId}
      columns={[
        { key: "name", header: t("workspace.members.name"), cell: (m) => <bdi>{m.name}</bdi> },
        { key: "email", header: t("workspace.members.email"), cell: (m) => <Ltr>{m.email}</Ltr> },
        {
          key: "role",
          header: t("workspace.members.role"),
          cell: (m) => t(`workspace.members.roles.${m.role}`),
        },
      ]}
    />
  );
}

/** The plan-change kinds the console names here (all but a refund, which the payments show). */
const CHANGE_KINDS = new Set<string>(
  PLAN_CHANGE_KINDS.filter((kind): kind is keyof Workspace["changes"]["kinds"] => kind !== "refunded"),
);

export function ChangesSection({ changes }: { changes: W["subscriptionChanges"] }) {
  const { t } = useTranslation("admin");
  const texts = useTableTexts();
  const { language } = useLanguage();
  const _format = useFormat();
  const when = useWhenColumn();
  const none = t("common.none");
  return (
    <TableSection
      {...texts("workspace.changes")}
      rows={changes}
      rowKey={(c) => `${c.createdAt}|${c.kind}|${c.reference ?? ""}`}
      pageSize={10}
      columns={[
        when("when", t("workspace.changes.when"), (c: (typeof changes)[number]) => c.createdAt),
        {
          key: "what",
          header: t("workspace.changes.what"),
          cell: (c) =>
            CHANGE_KINDS.has(c.kind) ? (
              t(`workspace.changes.kinds.${c.kind as keyof Workspace["changes"]["kinds"]}`)
            ) : (
              <Ltr>{c.kind}</Ltr>
            ),
        },
        {
          key: "plans",
          header: t("workspace.changes.plans"),
          cell: (c) =>
            t("workspace.changes.fromTo", {
              from: c.from ? c.from[language] : none,
              to: c.to ? c.to[language] : none,
            }),
        },
        {
          key: "reference",
          header: t("workspace.changes.reference"),
          cell: (c) => (c.reference ? <Ltr className="admin-id">{c.reference}</Ltr> : null),
        },
      ]}
    />
  );
}

export function KeysSection({ keys }: { keys: W["apiKeys"] }) {
  const { t } = useTranslation("admin");
  const texts = useTableTexts();
  const format = useFormat();
  return (
    <TableSection
      {...texts("workspace.keys")}
      rows={keys}
      rowKey={(k) => `${k.name}|${k.createdAt}`}
      columns={[
        { key: "name", header: t("workspace.keys.name"), cell: (k) => <bdi>{k.name}</bdi> },
        {
          key: "created",
          header: t("workspace.keys.created"),
          cell: (k) => format.date(k.createdAt),
        },
        {
          key: "lastUsed",
          header: t("workspace.keys.lastUsed"),
          cell: (k) => (k.lastUsedAt ? format.date(k.lastUsedAt) : t("common.never")),
        },
        {
          key: "state",
          header: t("workspace.keys.state"),
          cell: (k) => (
            <Badge tone={k.revoked ? "neutral" : "success"}>
              {t(k.revoked ? "workspace.keys.revoked" : "workspace.keys.live")}
            </Badge>
          ),
        },
      ]}
    />
  );
}

/** A webhook's on/off state; `onTone` says how an enabled one reads there (fine, or failing). */
export function WebhookState({ enabled, onTone }: { enabled: boolean; onTone: "success" | "warning" }) {
  const { t } = useTranslation("admin");
  return (
    <Badge tone={enabled ? onTone : "neutral"}>
      {t(enabled ? "workspace.webhooks.on" : "workspace.webhooks.off")}
    </Badge>
  );
}

export function WebhooksSection({ webhooks }: { webhooks: W["webhooks"] }) {
  const { t } = useTranslation("admin");
  const texts = useTableTexts();
  const format = useFormat();
  return (
    <TableSection
      {...texts("workspace.webhooks")}
      rows={webhooks}
      rowKey={(h) => h.url}
      columns={[
        {
          key: "url",
          header: t("workspace.webhooks.url"),
          cell: (h) => <Ltr className="admin-url">{h.url}</Ltr>,
        },
        {
          key: "state",
          header: t("workspace.webhooks.state"),
          cell: (h) => (
            <>
              <WebhookState enabled={h.enabled} onTone="success" />
              {h.failingSince ? (
                <span className="admin-sub admin-danger-text">
                  {t("workspace.webhooks.failingSince", {
                    date: format.date(h.failingSince, "dateTime"),
                  })}
                </span>
              ) : null}
            </>
          ),
        },
      ]}
    />
  );
}

export function ChannelsSection({ channels }: { channels: W["channels"] }) {
  const { t } = useTranslation("admin");
  const texts = useTableTexts();
  return (
    <TableSection
      {...texts("workspace.channels")}
      rows={channels}
      rowKey={(c) => `${c.kind}|${c.chatbotId}`}
      columns={[
        {
          key: "kind",
          header: t("workspace.channels.kind"),
          cell: (c) => (c.kind === "whatsapp" ? t("workspace.channels.kinds.whatsapp") : <Ltr>{c.kind}</Ltr>),
        },
        {
          key: "number",
          header: t("workspace.channels.number"),
          cell: (c) => (c.displayNumber ? <Ltr>{c.displayNumber}</Ltr> : t("common.notSet")),
        },
        {
          key: "chatbot",
          header: t("workspace.channels.chatbot"),
          cell: (c) => <Ltr className="admin-id">{c.chatbotId}</Ltr>,
        },
        {
          key: "state",
          header: t("workspace.channels.state"),
          cell: (c) =>
            c.status === "connected" || c.status === "needs_attention" ? (
              <Badge tone={c.status === "connected" ? "success" : "warning"}>
                {t(`workspace.channels.states.${c.status}`)}
              </Badge>
            ) : (
              <Ltr>{c.status}</Ltr>
            ),
        },
      ]}
    />
  );
}

function ErrorSubject({ what }: { what: string }) {
  const { t } = useTranslation("admin");
  const subject = errorSubject(what);
  if (subject.kind === "source") return <>{t("workspace.errors.source", { name: subject.name })}</>;
  if (subject.kind === "webhook")
    return (
      <Trans
        t={t}
        i18nKey="workspace.errors.webhook"
        values={{ url: subject.name }}
        components={{ url: <Ltr /> }}
      />
    );
  return <bdi>{subject.name}</bdi>;
}

export function ErrorsSection({ errors }: { errors: W["recentErrors"] }) {
  const { t } = useTranslation("admin");
  const texts = useTableTexts();
  const _format = useFormat();
  const when = useWhenColumn();
  const recorded = useRecordedText();
  return (
    <TableSection
      {...texts("workspace.errors")}
      rows={errors}
      rowKey={(e) => `${e.at}|${e.what}`}
      pageSize={10}
      columns={[
        when("when", t("workspace.errors.when"), (e: (typeof errors)[number]) => e.at),
        {
          key: "what",
          header: t("workspace.errors.what"),
          cell: (e) => <ErrorSubject what={e.what} />,
        },
        {
          key: "message",
          header: t("workspace.errors.message"),
          // A webhook's machine reason ("failing") in words; a source's error is the reader's text.
          cell: (e) =>
            e.message === "failing" ? (
              t("workspace.errors.failing")
            ) : (
              <bdi className="admin-reason-text">{recorded(e.message)}</bdi>
            ),
        },
      ]}
    />
  );
}
