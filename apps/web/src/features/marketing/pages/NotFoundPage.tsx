import { Link, useLocation } from "react-router-dom";
import { useDocumentTitle } from "../../../components/use-document-title";

export function NotFoundPage() {
  useDocumentTitle("Page not found");
  const { pathname } = useLocation();
  return (
    <section className="section not-found">
      <div className="container container-narrow">
        <p className="not-found-code" aria-hidden="true">
          404
        </p>
        <h1>Page not found</h1>
        <p className="lead">
          We couldn't find <code>{pathname}</code>. The link may be old, or the address may have a typo.
        </p>
        <div className="hero-actions hero-actions-center">
          <Link className="btn btn-primary" to="/">
            Go to the home page
          </Link>
          <Link className="btn btn-secondary" to="/pricing">
            See pricing
          </Link>
        </div>
      </div>
    </section>
  );
}
