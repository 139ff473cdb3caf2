import { type FormEvent, useEffect, useState } from "react";
import { getSession, sendVerificationEmail, signOut } from "../api";
import { Alert } from "../components/Alert";
import { Button } from "../components/Button";
import { TextField } from "../components/fields";
import { CardHeader } from "../components/Shell";
import { Spinner } from "../components/Spinner";
import { describeVerifyEmailError } from "../errors";
import type { Platform, SessionInfo } from "../responses";
import { Link, leaveTo } from "../router";
import { callbackRedirectUrl, pageHref } from "../urls";
import { useFormErrors } from "../useForm";
import { validateEmail } from "../validation";

/**
 * Landing page of the verification e-mail. better-auth's `/verify-email` redirects here, adding
 * `?error=<code>` when the link is bad (token_expired, invalid_token, user_not_found, unauthorized —
 * any case; 1.7 sends upper-case codes and INVALID_USER).
 */
export function VerifiedPage({ platform, search }: { platform: Platform; search: string }) {
  const error = new URLSearchParams(search).get("error");
  if (error) return <VerifyFailed platform={platform} code={error} />;
  return <VerifySucceeded platform={platform} />;
}

function VerifySucceeded({ platform }: { platform: Platform }) {
  const [session, setSession] = useState<SessionInfo | null | undefined>(undefined);
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    let live = true;
    void getSession().then((result) => {
      if (live) setSession(result.ok ? result.data : null);
    });
    return () => {
      live = false;
    };
  }, []);

  return (
    <>
      <CardHeader
        icon="check"
        tone="success"
        title="Your email is verified"
        subtitle={
          session
            ? `Thanks, your account is ready. Continue to ${platform.name}.`
            : "Thanks, your account is ready. Sign in to get started."
        }
      />
      {session === undefined ? (
        <div className="card-loading small-loading">
          <Spinner label="Checking your session" />
        </div>
      ) : session ? (
        <Button
          block
          busy={leaving}
          busyLabel="Continuing…"
          onClick={() => {
            setLeaving(true);
            leaveTo(callbackRedirectUrl(platform.callbackURL, session));
          }}
        >
          Continue to {platform.name}
        </Button>
      ) : (
        <Link className="btn btn-primary btn-block" href={pageHref("sign-in", platform.id)}>
          <span className="btn-label">Continue to sign in</span>
        </Link>
      )}
    </>
  );
}

function VerifyFailed({ platform, code }: { platform: Platform; code: string }) {
  const text = describeVerifyEmailError(code);
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [signedOut, setSignedOut] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const form = useFormErrors();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const emailError = validateEmail(email);
    if (!form.check(emailError ? { email: emailError } : {})) return;
    setBusy(true);
    const result = await sendVerificationEmail({ email: email.trim(), platform: platform.id });
    setBusy(false);
    if (result.ok) setSentTo(email.trim());
    else form.fail(result.failure);
  };

  const onSignOut = async () => {
    setSigningOut(true);
    const result = await signOut();
    setSigningOut(false);
    if (result.ok) setSignedOut(true);
    else form.fail(result.failure);
  };

  return (
    <>
      <CardHeader icon="warning" tone="warning" title={text.title} subtitle={text.message} />
      {text.kind === "other-user" && !signedOut && (
        <Button variant="secondary" block busy={signingOut} busyLabel="Signing out…" onClick={onSignOut}>
          Sign out of the other account
        </Button>
      )}
      {signedOut && (
        <Alert tone="success">
          <p>You're signed out. Open the link from your email again.</p>
        </Alert>
      )}
      {sentTo ? (
        <Alert tone="success" title="Check your inbox">
          <p>
            If <strong>{sentTo}</strong> belongs to an account that still needs verifying, a new link is on
            its way. It can take a minute to arrive.
          </p>
        </Alert>
      ) : (
        <form className="form form-section" noValidate onSubmit={onSubmit} aria-labelledby="resend-heading">
          <h2 id="resend-heading" className="section-title">
            Send a new link
          </h2>
          {form.formError && (
            <Alert tone="error" ref={form.alertRef}>
              <p>{form.formError.message}</p>
            </Alert>
          )}
          <TextField
            ref={form.bind("email")}
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            value={email}
            onValueChange={(value) => {
              setEmail(value);
              form.clearField("email");
            }}
            error={form.fieldErrors.email}
          />
          <Button type="submit" block busy={busy} busyLabel="Sending…">
            Send a new link
          </Button>
        </form>
      )}
      <p className="card-footnote">
        {text.kind === "no-user" ? (
          <>
            <Link href={pageHref("sign-up", platform.id)}>Create an account</Link>
            {" · "}
          </>
        ) : null}
        <Link href={pageHref("sign-in", platform.id)}>Back to sign in</Link>
      </p>
      <p className="error-code">Error code: {text.code}</p>
    </>
  );
}
