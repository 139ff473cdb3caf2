import { useTranslation } from "@parley/ui/i18n/react";
import { useEffect, useRef, useState } from "react";

/**
 * A new signing secret, shown this once: selectable text and a Copy button. The page forgets it
 * when the member says it is saved (or leaves the page); the API never shows it again.
 */
export function SecretReveal({ secret, onDone }: { secret: string; onDone: () => void }) {
  const { t } = useTranslation("webhooks");
  const [copy, setCopy] = useState<"idle" | "copied" | "failed">("idle");
  const boxRef = useRef<HTMLElement>(null);
  useEffect(() => {
    boxRef.current?.focus();
  }, []);
  async function onCopy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopy("copied");
    } catch {
      setCopy("failed");
    }
  }
  return (
    <section
      ref={boxRef}
      tabIndex={-1}
      className="alert alert-success webhook-secret"
      aria-labelledby="wh-secret-h"
    >
      <h3 id="wh-secret-h">{t("secret.title")}</h3>
      <p>{t("secret.once")}</p>
      <code className="webhook-secret-value" dir="ltr" data-testid="webhook-secret">
        {secret}
      </code>
      <div className="webhook-form-actions">
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => void onCopy()}>
          {copy === "copied" ? t("secret.copied") : t("secret.copy")}
        </button>
        <button type="button" className="btn btn-primary btn-sm" onClick={onDone}>
          {t("secret.done")}
        </button>
      </div>
      <span role="status" className="webhook-copy-status">
        {copy === "failed" ? t("secret.copyFailed") : copy === "copied" ? t("secret.copied") : ""}
      </span>
    </section>
  );
}
