import { API_KEY_NAME_MAX, API_KEY_SCOPES, type ApiKeyCreated, type ApiKeyScope } from "@parley/contracts";
import { Dialog } from "@parley/ui/components/Dialog";
import { useErrorText, useTranslation } from "@parley/ui/i18n/react";
import { type FormEvent, useId, useRef, useState } from "react";
import { DialogFormActions } from "../../../components/DialogFormActions";
import type { useApiKeyActions } from "../api";
import { EXPIRY_CHOICES, type ExpiryChoice, expiresAtFor } from "../expiry";

/** The header a client sends (code, not words: the same in every language). */
// i18n-ignore: an HTTP header, the same in every language.
const AUTH_HEADER = "Authorization: Bearer ";

type Create = ReturnType<typeof useApiKeyActions>["create"];

/**
 * Create a key: name, scopes, expiry. Once made, the dialog shows the key (the only time it is
 * ever shown) with a copy button; closing it forgets the key.
 */
export function CreateApiKeyDialog({
  open,
  onClose,
  create,
}: {
  open: boolean;
  onClose: () => void;
  create: Create;
}) {
  const { t } = useTranslation("developers");
  const errorText = useErrorText();
  const nameId = useId();
  const expiryId = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<ApiKeyScope[]>(["chat", "read"]);
  const [expiry, setExpiry] = useState<ExpiryChoice>("never");
  const [problem, setProblem] = useState<string | null>(null);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const [copied, setCopied] = useState<"idle" | "done" | "failed">("idle");
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied("done");
    } catch {
      // No clipboard (an insecure origin, a refused permission): the field stays selectable.
      setCopied("failed");
    }
  };

  const close = () => {
    if (create.isPending) return;
    setName("");
    setScopes(["chat", "read"]);
    setExpiry("never");
    setProblem(null);
    setCreated(null);
    setCopied("idle");
    create.reset();
    onClose();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setProblem(t("create.nameRequired"));
    if (scopes.length === 0) return setProblem(t("create.scopesRequired"));
    setProblem(null);
    try {
      const key = await create.mutateAsync({
        name: name.trim(),
        scopes,
        expiresAt: expiresAtFor(expiry, new Date()),
      });
      setCreated(key);
    } catch {
      // Shown below from create.error.
    }
  };

  const toggle = (scope: ApiKeyScope, on: boolean) =>
    setScopes((s) => (on ? [...new Set([...s, scope])] : s.filter((x) => x !== scope)));

  if (created) {
    return (
      <Dialog
        open={open}
        onClose={close}
        title={t("create.createdTitle")}
        description={t("create.createdBody")}
      >
        <div className="field">
          <label htmlFor={`${nameId}-key`}>{t("create.keyLabel")}</label>
          <input
            id={`${nameId}-key`}
            className="api-key-secret"
            dir="ltr"
            readOnly
            value={created.key}
            onFocus={(e) => e.currentTarget.select()}
          />
        </div>
        <div className="api-key-copy">
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void copy(created.key)}>
            {copied === "done"
              ? t("create.copied")
              : copied === "failed"
                ? t("create.copyFailed")
                : t("create.copy")}
          </button>
          <span className="sr-only" aria-live="polite">
            {copied === "done" ? t("create.copied") : copied === "failed" ? t("create.copyFailed") : ""}
          </span>
        </div>
        <p className="api-key-usage">{t("create.usage")}</p>
        <pre className="api-key-usage-code" dir="ltr">
          <code>{`${AUTH_HEADER}${created.prefix}…`}</code>
        </pre>
        <div className="modal-actions">
          <button type="button" className="btn btn-primary" onClick={close}>
            {t("create.done")}
          </button>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title={t("create.title")}
      initialFocusRef={nameRef}
      dismissible={!create.isPending}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <div className="field">
          <label htmlFor={nameId}>{t("create.name")}</label>
          <input
            ref={nameRef}
            id={nameId}
            value={name}
            maxLength={API_KEY_NAME_MAX}
            autoComplete="off"
            aria-describedby={`${nameId}-help`}
            onChange={(e) => setName(e.target.value)}
          />
          <p id={`${nameId}-help`} className="field-hint">
            {t("create.nameHelp")}
          </p>
        </div>
        <fieldset className="field api-key-scopes">
          <legend>{t("create.scopes")}</legend>
          {API_KEY_SCOPES.map((scope) => (
            <label key={scope} className="api-key-scope">
              <input
                type="checkbox"
                checked={scopes.includes(scope)}
                onChange={(e) => toggle(scope, e.target.checked)}
              />
              <span>
                <strong>{t(`keys.scopes.${scope}`)}</strong>
                <span className="field-hint">{t(`keys.scopeHelp.${scope}`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor={expiryId}>{t("create.expiry")}</label>
          <select
            id={expiryId}
            value={expiry}
            onChange={(e) => setExpiry(EXPIRY_CHOICES.find((c) => c === e.target.value) ?? "never")}
          >
            <option value="never">{t("create.expiryNever")}</option>
            <option value="30">{t("create.expiry30")}</option>
            <option value="90">{t("create.expiry90")}</option>
            <option value="365">{t("create.expiry365")}</option>
          </select>
        </div>
        {problem || create.error ? (
          <div className="alert alert-error" role="alert">
            {problem ?? errorText(create.error as { code?: string; message?: string })}
          </div>
        ) : null}
        <DialogFormActions
          busy={create.isPending}
          onCancel={close}
          cancelLabel={t("create.cancel")}
          submitLabel={t("create.submit")}
          busyLabel={t("create.submitting")}
        />
      </form>
    </Dialog>
  );
}
