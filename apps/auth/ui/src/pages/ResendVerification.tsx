import { Button } from "@parley/ui/components/Button";
import { Trans, useTranslation } from "@parley/ui/i18n/react";
import { useState } from "react";
import { sendVerificationEmail } from "../api";
import { describeApiError, type Text } from "../errors";
import { useText } from "../text";

type State =
  | { status: "idle" }
  | { status: "sending" }
  | { status: "sent" }
  | { status: "failed"; message: Text };

/** "Resend verification email": the new link lands on /auth/verified for this platform. */
export function ResendVerification({
  email,
  platform,
  invitation = null,
  variant = "link",
}: {
  email: string;
  platform: string;
  /** The invitation being answered: the new link leads back to it too. */
  invitation?: string | null;
  variant?: "link" | "secondary";
}) {
  const [state, setState] = useState<State>({ status: "idle" });
  const { t } = useTranslation("auth");
  const tx = useText();

  const resend = async () => {
    setState({ status: "sending" });
    const result = await sendVerificationEmail({ email, platform, invitation });
    if (result.ok) setState({ status: "sent" });
    else setState({ status: "failed", message: describeApiError(result.failure).message });
  };

  return (
    <div className="resend">
      <Button
        variant={variant}
        block={variant !== "link"}
        busy={state.status === "sending"}
        busyLabel={t("common.sending")}
        onClick={resend}
      >
        {state.status === "sent" ? t("resend.again") : t("resend.button")}
      </Button>
      <p className="resend-status" role="status" aria-live="polite">
        {state.status === "sent" && (
          <Trans
            i18nKey="resend.sent"
            ns="auth"
            values={{ email }}
            components={{ email: <bdi dir="ltr" /> }}
          />
        )}
        {state.status === "failed" && <span className="text-error">{tx(state.message)}</span>}
      </p>
    </div>
  );
}
