import type { AdminWorkspaceDetail } from "@parley/contracts";
import { Button } from "@parley/ui/components/Button";
import { Ltr, useFormat, useTranslation } from "@parley/ui/i18n/react";
import { useState } from "react";
import { useSuspension } from "../api";
import { TableSection, useTableTexts } from "./AdminTable";
import { useCanChange, useConsole } from "./ConsoleContext";
import { ReasonDialog } from "./ReasonDialog";
import { Badge } from "./Status";

type Bot = AdminWorkspaceDetail["chatbots"][number];

/** The workspace's bots, each with its state; admins suspend one or lift its suspension, with a reason. */
export function BotsSection({
  workspace,
  onNotice,
}: {
  workspace: AdminWorkspaceDetail;
  onNotice: (text: string) => void;
}) {
  const { t } = useTranslation("admin");
  const texts = useTableTexts();
  const format = useFormat();
  const canChange = useCanChange();
  const { act } = useConsole();
  const suspension = useSuspension();
  const [target, setTarget] = useState<{ bot: Bot; suspend: boolean } | null>(null);
  return (
    <TableSection
      {...texts("workspace.bots")}
      rows={workspace.chatbots}
      rowKey={(b) => b.id}
      rowProps={(b) => ({ "data-chatbot-id": b.id })}
      columns={[
        {
          key: "name",
          header: t("workspace.bots.name"),
          cell: (b) => (
            <>
              <bdi className="admin-strong">{b.name}</bdi>
              <Ltr className="admin-id admin-sub">{b.id}</Ltr>
            </>
          ),
        },
        {
          key: "state",
          header: t("workspace.bots.state"),
          cell: (b) =>
            b.suspendedAt ? (
              <>
                <Badge tone="danger">{t("workspace.bots.suspended")}</Badge>
                <span className="admin-sub">
                  {t("workspace.bots.suspendedSince", {
                    date: format.date(b.suspendedAt),
                    reason: b.suspendedReason ?? "",
                  })}
                </span>
              </>
            ) : (
              <Badge tone={b.published ? "success" : "neutral"}>
                {t(b.published ? "workspace.bots.published" : "workspace.bots.draft")}
              </Badge>
            ),
        },
        {
          key: "created",
          header: t("workspace.bots.created"),
          className: "admin-nowrap",
          cell: (b) => format.date(b.createdAt),
        },
        ...(canChange
          ? [
              {
                key: "actions",
                header: t("workspace.bots.actions"),
                hideHeader: true,
                labelled: false,
                cell: (b: Bot) => (
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => act(() => setTarget({ bot: b, suspend: !b.suspendedAt }))}
                  >
                    {t(b.suspendedAt ? "workspace.bots.unsuspend" : "workspace.bots.suspend")}
                  </Button>
                ),
              },
            ]
          : []),
      ]}
    >
      <ReasonDialog
        open={target !== null}
        tone={target?.suspend ? "danger" : "primary"}
        title={
          target
            ? t(target.suspend ? "workspace.bots.suspendTitle" : "workspace.bots.unsuspendTitle", {
                name: target.bot.name,
              })
            : ""
        }
        description={
          target ? t(target.suspend ? "workspace.bots.suspendBody" : "workspace.bots.unsuspendBody") : ""
        }
        confirmLabel={t(target?.suspend ? "workspace.bots.suspend" : "workspace.bots.unsuspend")}
        busyLabel={t(target?.suspend ? "workspace.bots.suspending" : "workspace.bots.unsuspending")}
        onCancel={() => setTarget(null)}
        onConfirm={async (reason) => {
          if (!target) return;
          const done = await suspension.mutateAsync({
            chatbotId: target.bot.id,
            suspend: target.suspend,
            reason,
          });
          setTarget(null);
          onNotice(
            t(target.suspend ? "workspace.bots.suspendedDone" : "workspace.bots.unsuspendedDone", {
              name: done.name,
            }),
          );
        }}
      />
    </TableSection>
  );
}
