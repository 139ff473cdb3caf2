import { Dialog } from "@parley/ui/components/Dialog";
import { Field, fieldAria } from "@parley/ui/components/Field";
import { useTranslation } from "@parley/ui/i18n/react";
import { type FormEvent, useState } from "react";
import { LtrTrans } from "../../../components/LtrTrans";
import { DangerActions, FormNotice, SectionCard } from "../../../components/SectionCard";
import type { AuthUser } from "../../session/public";
import { authClient, useAuthErrorText, useSession } from "../../session/public";

type Outcome = { kind: "emailed" } | { kind: "deleted" };

/**
 * Danger zone. The auth service either deletes at once or, when it is set up to, e-mails a
 * confirmation link; that link only works in this browser while signed in, so we stay signed in
 * until the account is really gone, then sign out locally.
 */
export function DeleteAccountSection({ user, hasPassword }: { user: AuthUser; hasPassword: boolean | null }) {
  const { t } = useTranslation(["account", "common"]);
  const authErrorText = useAuthErrorText();
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
      setFieldError(t("delete.passwordRequired"));
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
      const human = authErrorText(error);
      if (human.field === "password") setFieldError(human.message);
      else setFormError(human.message);
    }
    setBusy(false);
  };

  return (
    <SectionCard title={t("delete.title")} tone="danger" description={t("delete.description")}>
      {outcome?.kind === "emailed" ? (
        <FormNotice tone="success">
          <strong>{t("delete.checkInbox")}</strong>{" "}
          <LtrTrans t={t} i18nKey="delete.emailed" values={{ email: user.email }} />
        </FormNotice>
      ) : null}
      <div className="settings-actions settings-actions-start">
        <button type="button" className="btn btn-danger btn-sm" onClick={() => setOpen(true)}>
          {t("delete.open")}
        </button>
      </div>

      <Dialog
        open={open}
        onClose={close}
        dismissible={!busy}
        role="alertdialog"
        title={t("delete.confirmTitle")}
        description={t("delete.confirmBody")}
      >
        <form className="form" onSubmit={onSubmit} noValidate>
          {needsPassword ? (
            <Field label={t("delete.password")} id="delete-password" error={fieldError}>
              <input
                id="delete-password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                {...fieldAria("delete-password", fieldError)}
              />
            </Field>
          ) : null}
          {formError ? <FormNotice tone="error">{formError}</FormNotice> : null}
          {outcome?.kind === "deleted" ? <FormNotice tone="success">{t("delete.deleted")}</FormNotice> : null}
          <DangerActions
            busy={busy}
            onCancel={close}
            cancelLabel={t("common:actions.cancel")}
            confirmLabel={t("delete.submit")}
          />
        </form>
      </Dialog>
    </SectionCard>
  );
}
