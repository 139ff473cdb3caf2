import { CardHeader } from "../components/Shell";
import { describeOAuthError } from "../errors";
import { Link } from "../router";
import { pageHref } from "../urls";

/**
 * `/auth/error?error=<code>`: where social sign-in failures land (errorCallbackURL), and any other
 * error redirect. `error_description` is deliberately not shown: it comes from the address bar, so
 * anyone could put misleading text there.
 */
export function ErrorPage({
  platformId,
  search,
  webUrl,
}: {
  platformId: string;
  search: string;
  webUrl: string | null;
}) {
  const text = describeOAuthError(new URLSearchParams(search).get("error"));
  return (
    <>
      <CardHeader icon="warning" tone="warning" title={text.title} subtitle={text.message} />
      <Link className="btn btn-primary btn-block" href={pageHref("sign-in", platformId)}>
        <span className="btn-label">Back to sign in</span>
      </Link>
      <p className="card-footnote">
        Still stuck? {webUrl ? <a href={`${webUrl}/contact`}>Contact support</a> : "Contact support"} and
        mention the code below.
      </p>
      {text.code && <p className="error-code">Error code: {text.code}</p>}
    </>
  );
}
