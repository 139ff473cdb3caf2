import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { Modal } from "../../../components/Modal";
import { formatDate } from "../../dashboard/dashboard";
import type { LinkedAccount } from "../../session/auth-client";
import { describeAuthError } from "../../session/auth-errors";
import { authClient } from "../../session/runtime";
import { providerName } from "../account";
import { accountKeys, useLinkedAccounts } from "../api";
import { FormNotice, SectionCard } from "./SectionCard";

export function LinkedAccountsSection({ userId }: { userId: string }) {
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
      setDone(`${providerName(account.providerId)} was unlinked.`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.linked(userId) }),
  });

  const accounts = query.data ?? [];
  const onlyOne = accounts.length === 1;

  return (
    <SectionCard
      title="Sign-in methods"
      description="The ways you can sign in to Parley. Keep at least one: the last method can't be removed."
    >
      {query.isPending ? (
        <ul className="linked-list" aria-hidden="true">
          <li className="linked-row">
            <span className="skeleton" style={{ width: "60%", height: 18 }} />
          </li>
        </ul>
      ) : query.isError ? (
        <div className="card-error" role="alert">
          <p>
            <strong>We couldn't load your sign-in methods.</strong> {describeAuthError(query.error).message}
          </p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <ul className="linked-list">
          {accounts.map((account) => {
            const name = providerName(account.providerId);
            const since = formatDate(account.createdAt);
            return (
              <li key={account.id} className="linked-row">
                <span className="linked-icon" aria-hidden="true">
                  {account.providerId === "credential" ? "@" : name.charAt(0)}
                </span>
                <span className="linked-text">
                  <span className="linked-name">{name}</span>
                  {since ? <span className="linked-meta">Linked {since}</span> : null}
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
                  Unlink
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {onlyOne ? (
        <p id="linked-only-one" className="settings-note">
          This is your only way to sign in, so it can't be unlinked.
        </p>
      ) : null}
      {done ? <FormNotice tone="success">{done}</FormNotice> : null}

      <Modal
        open={target !== null}
        onClose={() => setTarget(null)}
        dismissible={!unlink.isPending}
        role="alertdialog"
        initialFocusRef={cancelRef}
        title={target ? `Unlink ${providerName(target.providerId)}?` : "Unlink"}
        description={
          target?.providerId === "credential"
            ? "You won't be able to sign in with your email and password any more, only with your other linked accounts."
            : `You won't be able to sign in with ${target ? providerName(target.providerId) : "it"} any more. You can link it again later.`
        }
      >
        {unlink.isError ? (
          <FormNotice tone="error">{describeAuthError(unlink.error).message}</FormNotice>
        ) : null}
        <div className="modal-actions">
          <button
            ref={cancelRef}
            type="button"
            className="btn btn-secondary"
            onClick={() => setTarget(null)}
            disabled={unlink.isPending}
          >
            Cancel
          </button>
          <button
            type="button"
            className="btn btn-danger"
            disabled={unlink.isPending}
            onClick={() => target && unlink.mutate(target)}
          >
            {unlink.isPending ? <span className="spinner" aria-hidden="true" /> : null}
            Unlink
          </button>
        </div>
      </Modal>
    </SectionCard>
  );
}
