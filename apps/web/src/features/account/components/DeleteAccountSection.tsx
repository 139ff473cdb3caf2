import { type FormEvent, useState } from "react";
import { FormField, fieldAria } from "../../../components/FormField";
import { Modal } from "../../../components/Modal";
import { describeAuthError } from "../../session/auth-errors";
import { authClient } from "../../session/runtime";
import { useSession } from "../../session/session-context";
import type { AuthUser } from "../../session/session-data";
import { FormNotice, SectionCard } from "./SectionCard";

type Outcome = { kind: "emailed" } | { kind: "deleted" };

/**
 * Danger zone. The auth service either deletes at once or, when it is set up to, e-mails a
 * confirmation link; that link only works in this browser while signed in, so we stay signed in
 * until the account is really gone, then sign out locally.
 */
export function DeleteAccountSection({ user, hasPassword }: { user: AuthUser; hasPassword: boolean | null }) {
  const session = useSession();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const needsPassword = hasPassword !== false;

  const close = () => {
    if (busy) return;
    setOpen(false);
    setPassword("");
    setFieldError(undefined);
    setFormError(null);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (needsPassword && !password) {
      setFieldError("Enter your password to confirm.");
      return;
    }
    setBusy(true);
    setFieldError(undefined);
    setFormError(null);
    try {
      const result = await authClient.deleteUser({
        ...(needsPassword ? { password } : {}),
        callbackURL: `${window.location.origin}/`,
      });
      setPassword("");
      if (result.deleted) {
        setOutcome({ kind: "deleted" });
        await session.signOut();
        return;
      }
      setOutcome({ kind: "emailed" });
      setOpen(false);
    } catch (error) {
      const human = describeAuthError(error);
      if (human.field === "password") setFieldError(human.message);
      else setFormError(human.message);
    }
    setBusy(false);
  };

  return (
    <SectionCard
      title="Delete account"
      tone="danger"
      description="Deletes your Parley account and everything in it: chatbots, knowledge, conversations and your billing history, as our retention policy describes. This can't be undone."
    >
      {outcome?.kind === "emailed" ? (
        <FormNotice tone="success">
          <strong>Check your inbox to finish.</strong> We sent a confirmation link to {user.email}. Open it in
          this browser while you're signed in to delete your account. Until then, nothing is deleted.
        </FormNotice>
      ) : null}
      <div className="settings-actions settings-actions-start">
        <button type="button" className="btn btn-danger btn-sm" onClick={() => setOpen(true)}>
          Delete account…
        </button>
      </div>

      <Modal
        open={open}
        onClose={close}
        dismissible={!busy}
        role="alertdialog"
        title="Delete your account?"
        description={
          <>
            This permanently deletes your account and its data. If we email you a confirmation link, your
            account is deleted only when you open it.
          </>
        }
      >
        <form className="form" onSubmit={onSubmit} noValidate>
          {needsPassword ? (
            <FormField label="Your password" id="delete-password" error={fieldError}>
              <input
                id="delete-password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                {...fieldAria("delete-password", fieldError)}
              />
            </FormField>
          ) : null}
          {formError ? <FormNotice tone="error">{formError}</FormNotice> : null}
          {outcome?.kind === "deleted" ? (
            <FormNotice tone="success">Your account was deleted. Signing you out…</FormNotice>
          ) : null}
          <div className="modal-actions">
            <button type="button" className="btn btn-secondary" onClick={close} disabled={busy}>
              Cancel
            </button>
            <button type="submit" className="btn btn-danger" disabled={busy}>
              {busy ? <span className="spinner" aria-hidden="true" /> : null}
              Delete account
            </button>
          </div>
        </form>
      </Modal>
    </SectionCard>
  );
}
