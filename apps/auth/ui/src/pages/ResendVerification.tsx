import { useState } from "react";
import { sendVerificationEmail } from "../api";
import { Button } from "../components/Button";
import { describeApiError } from "../errors";

type State =
  | { status: "idle" }
  | { status: "sending" }
  | { status: "sent" }
  | { status: "failed"; message: string };

/** "Resend verification email": the new link lands on /auth/verified for this platform. */
export function ResendVerification({
  email,
  platform,
  variant = "link",
}: {
  email: string;
  platform: string;
  variant?: "link" | "secondary";
}) {
  const [state, setState] = useState<State>({ status: "idle" });

  const resend = async () => {
    setState({ status: "sending" });
    const result = await sendVerificationEmail({ email, platform });
    if (result.ok) setState({ status: "sent" });
    else setState({ status: "failed", message: describeApiError(result.failure).message });
  };

  return (
    <div className="resend">
      <Button
        variant={variant}
        block={variant !== "link"}
        busy={state.status === "sending"}
        busyLabel="Sending…"
        onClick={resend}
      >
        {state.status === "sent" ? "Send it again" : "Resend verification email"}
      </Button>
      <p className="resend-status" role="status" aria-live="polite">
        {state.status === "sent" && `We sent a new link to ${email}. It can take a minute to arrive.`}
        {state.status === "failed" && <span className="text-error">{state.message}</span>}
      </p>
    </div>
  );
}
