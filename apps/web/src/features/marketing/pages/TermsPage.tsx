import { Link } from "react-router-dom";
import { useDocumentTitle } from "../../../components/use-document-title";
import { TERMS_LAST_UPDATED, termsSections } from "../terms";

function formatDate(isoDate: string): string {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(isoDate));
}

export function TermsPage() {
  useDocumentTitle("Terms & Conditions");
  return (
    <>
      <section className="page-hero">
        {/* Same grid as the body below, so the title lines up with the text column. */}
        <div className="container terms-layout terms-hero">
          <div aria-hidden="true" />
          <div>
            <p className="eyebrow">Legal</p>
            <h1>Terms &amp; Conditions</h1>
            <p className="lead">
              The agreement between Parley and the businesses that use it, written to be read.{" "}
              <span className="muted">
                Last updated <time dateTime={TERMS_LAST_UPDATED}>{formatDate(TERMS_LAST_UPDATED)}</time>.
              </span>
            </p>
          </div>
        </div>
      </section>
      <section className="section section-tight">
        <div className="container terms-layout">
          <nav className="terms-toc" aria-label="Sections">
            <p className="terms-toc-title">On this page</p>
            <ol>
              {termsSections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`}>{section.title.replace(/^\d+\.\s*/, "")}</a>
                </li>
              ))}
            </ol>
          </nav>
          <article className="prose">
            {termsSections.map((section) => (
              <section key={section.id} id={section.id}>
                <h2>{section.title}</h2>
                {section.paragraphs.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
              </section>
            ))}
            <p className="muted">
              See also the <Link to="/faq">FAQ</Link> for plain-language answers about billing and data.
            </p>
          </article>
        </div>
      </section>
    </>
  );
}
