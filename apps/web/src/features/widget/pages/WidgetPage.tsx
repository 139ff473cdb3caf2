import { useDocumentTitle } from "../../../components/use-document-title";
import { CopyButton } from "../components/CopyButton";
import { LiveDemo } from "../components/LiveDemo";
import { embedSnippet } from "../embed";

const behaviours = [
  {
    title: "Light until it's needed",
    body: "The script is under 2 KB and loads with async, so it never blocks your page. It asks one small question (may the chat run here?), shows the launcher, and loads the chat only when a visitor hovers, clicks or the page goes idle.",
  },
  {
    title: "Isolated, and strict-CSP friendly",
    body: "The launcher lives in a Shadow DOM and the conversation in its own frame, so your CSS can't break the chat. Nothing inline is injected: allow the Parley origin in script-src, connect-src and frame-src and you're done.",
  },
  {
    title: "Remembers your visitors",
    body: "The conversation follows the visitor across reloads and pages of your site, even in browsers that block third-party storage. Signed-in customers can pick it up on any device.",
  },
  {
    title: "Stays on your domains",
    body: "List the domains your chatbot may run on. A copied snippet on anyone else's site draws nothing, and your browser console says which domain to add.",
  },
];

export function WidgetPage() {
  useDocumentTitle("Widget");
  const snippet = embedSnippet();
  return (
    <>
      <section className="page-hero">
        <div className="container container-narrow">
          <p className="eyebrow">Widget</p>
          <h1>Add your chatbot to any website with one tag</h1>
          <p className="lead">
            Paste the snippet before the closing <code>&lt;/body&gt;</code> tag on every page where the chat
            should appear. It works with hand-written sites, CMSs and shop builders that allow custom code.
          </p>
        </div>
      </section>

      <section className="section section-tight">
        <div className="container container-narrow">
          <ol className="embed-steps">
            <li>
              <h2>Copy the snippet</h2>
              <div className="code-block">
                <div className="code-block-bar">
                  <span>HTML</span>
                  <CopyButton text={snippet} />
                </div>
                <pre>
                  <code>{snippet}</code>
                </pre>
              </div>
            </li>
            <li>
              <h2>Put in your chatbot's id</h2>
              <p>
                Replace <code>cb_…</code> with your chatbot's public id. You'll find it, with the snippet
                already filled in, in your chatbot's settings in the dashboard.
              </p>
            </li>
            <li>
              <h2>Allow your domains</h2>
              <p>
                Add the domains where the widget runs, such as <code>www.example.com</code>, to the chatbot's
                allowed domains. Requests from other sites are refused.
              </p>
            </li>
          </ol>

          <div className="callout">
            <h2>Sharing a direct chat link</h2>
            <p>
              Every chatbot also has a full-page chat at <code>/widget/chat/&lt;chatbotId&gt;</code>. Link to
              it from emails, QR codes or social profiles when there's no website to embed into.
            </p>
          </div>
        </div>
      </section>

      <section className="section section-muted">
        <div className="container">
          <div className="section-head">
            <h2>How the widget behaves on your site</h2>
          </div>
          <div className="feature-grid">
            {behaviours.map((item) => (
              <article key={item.title} className="feature-card">
                <h3>{item.title}</h3>
                <p>{item.body}</p>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section className="section">
        <div className="container container-narrow">
          <LiveDemo />
        </div>
      </section>
    </>
  );
}
