import { Dialog } from "@parley/ui/components/Dialog";
import { useFormat, useTranslation } from "@parley/ui/i18n/react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { DangerActions, FormNotice, SectionCard } from "../../../components/SectionCard";
import type { LinkedAccount } from "../../session/public";
import { authClient, useAuthErrorText } from "../../session/public";
import { providerName } from "../account";
import { accountKeys, useLinkedAccounts } from "../api";

export function LinkedAccountsSection({ userId }: { userId: string }) {
  const { t } = useTranslation(["account", "common"]);
  const format = useFormat();
  const authErrorText = useAuthErrorText();
  const nameOf = (providerId: string) => providerName(providerId, t("linked.providers.credential"));
  const query = useLinkedAccounts(userId);
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<LinkedAccount | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const unlink = useMutation({
    mutationFn: (account: LinkedAccount) =>
      authClient.unlinkAccount({ providerId: account.providerId, accountId: account.accountId }),
    onSuccess: (_data, account) => {
      setTarget(null);
      setDone(t("linked.unlinked", { provider: nameOf(account.providerId) }));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.linked(userId) }),
  });

  const accounts = query.data ?? [];
  const onlyOne = accounts.length === 1;

  return (
    <SectionCard title={t("linked.title")} description={t("linked.description")}>
      {query.isPending ? (
        <ul className="linked-list" aria-hidden="true">
          <li className="linked-row">
            <span className="skeleton" style={{ width: "60%", height: 18 }} />
          </li>
        </ul>
      ) : query.isError ? (
        <div className="card-error" role="alert">
          <p>
            <strong>{t("linked.loadFailed")}</strong> {authErrorText(query.error).message}
          </p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void query.refetch()}>
            {t("common:actions.retry")}
          </button>
        </div>
      ) : (
        <ul className="linked-list">
          {accounts.map((account) => {
            const name = nameOf(account.providerId);
            const since = account.createdAt ? format.date(account.createdAt, "date", { month: "long" }) : "";
            return (
              <li key={account.id} className="linked-row">
                <span className="linked-icon" aria-hidden="true">
                  {account.providerId === "credential" ? "@" : name.charAt(0)}
                </span>
                <span className="linked-text">
                  <span className="linked-name">{name}</span>
                  {since ? <span className="linked-meta">{t("linked.since", { date: since })}</span> : null}
                </span>
                <button
                  type="button"
                  className="btn btn-secondary btn-sm"
                  disabled={onlyOne}
                  aria-describedby={onlyOne ? "linked-only-one" : undefined}
                  onClick={() => {
                    setDone(null);
                    unlink.reset();
                    setTarget(account);
                  }}
                >
                  {t("linked.unlink")}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {onlyOne ? (
        <p id="linked-only-one" className="settings-note">
          {t("linked.onlyOne")}
        </p>
      ) : null}
      {done ? <FormNotice tone="success">{done}</FormNotice> : null}

      <Dialog
        open={target !== null}
        onClose={() => setTarget(null)}
        dismissible={!unlink.isPending}
        role="alertdialog"
        initialFocusRef={cancelRef}
        title={
          target ? t("linked.confirmTitle", { provider: nameOf(target.providerId) }) : t("linked.unlink")
        }
        description={
          target?.providerId === "credential"
            ? t("linked.confirmCredential")
            : t("linked.confirmProvider", { provider: target ? nameOf(target.providerId) : "" })
        }
      >
        {unlink.isError ? <FormNotice tone="error">{authErrorText(unlink.error).message}</FormNotice> : null}
        <DangerActions
          busy={unlink.isPending}
          onCancel={() => setTarget(null)}
          cancelLabel={t("common:actions.cancel")}
          cancelRef={cancelRef}
          confirmLabel={t("linked.unlink")}
          onConfirm={() => target && unlink.mutate(target)}
        />
      </Dialog>
    </SectionCard>
  );
}
