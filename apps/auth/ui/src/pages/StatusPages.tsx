import { Button } from "../components/Button";
import { CardHeader } from "../components/Shell";
import { Spinner } from "../components/Spinner";
import { type ApiFailure, describeApiError } from "../errors";
import { Link } from "../router";
import { DEFAULT_PLATFORM, pageHref } from "../urls";

export function LoadingCard() {
  return (
    <div className="card-loading">
      <Spinner label="Loading" />
    </div>
  );
}

/** `?platform=` names an app the service doesn't know: no form, nothing to sign in to. */
export function InvalidPlatformPage({ platformId, webUrl }: { platformId: string; webUrl: string | null }) {
  return (
    <>
      <CardHeader
        icon="link"
        tone="warning"
        title="This sign-in link is not valid"
        subtitle="The app that sent you here isn't registered with Parley, so we can't sign you in to it. Go back to the app and try again, or contact its support team."
      />
      {webUrl && (
        <a className="btn btn-secondary btn-block" href={`${webUrl}/`}>
          <span className="btn-label">Go to Parley</span>
        </a>
      )}
      <p className="error-code">
        App id: <code>{platformId}</code>
      </p>
    </>
  );
}

export function PlatformUnavailablePage({ failure, onRetry }: { failure: ApiFailure; onRetry: () => void }) {
  return (
    <>
      <CardHeader
        icon="warning"
        tone="warning"
        title="We can't reach the sign-in service"
        subtitle={describeApiError(failure).message}
      />
      <Button block onClick={onRetry}>
        Try again
      </Button>
    </>
  );
}

export function NotFoundPage({ platformId }: { platformId: string }) {
  return (
    <>
      <CardHeader
        icon="link"
        tone="warning"
        title="Page not found"
        subtitle="There's nothing at this address."
      />
      <Link className="btn btn-primary btn-block" href={pageHref("sign-in", platformId || DEFAULT_PLATFORM)}>
        <span className="btn-label">Go to sign in</span>
      </Link>
    </>
  );
}
