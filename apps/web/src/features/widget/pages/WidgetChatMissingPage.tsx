import { Link } from "react-router-dom";
import { LogoMark } from "../../../components/Logo";
import { useDocumentTitle } from "../../../components/use-document-title";

/** `/widget/chat` without an id: usually a link that lost its last part when it was copied. */
export function WidgetChatMissingPage() {
  useDocumentTitle("Chat link incomplete");
  return (
    <main className="standalone">
      <div className="standalone-card">
        <LogoMark size={40} />
        <h1>This chat link is missing its chatbot id</h1>
        <p>
          Chat links end with the id of the chatbot you want to talk to, like{" "}
          <code>/widget/chat/&lt;chatbotId&gt;</code>. The part after <code>/widget/chat/</code> may have been
          cut off when the link was copied.
        </p>
        <p>
          If a business sent you this link, please ask them for the full address. If you run a chatbot, copy
          the link again from its settings.
        </p>
        <div className="standalone-actions">
          <Link className="btn btn-secondary btn-sm" to="/widget">
            How chat links work
          </Link>
          <Link className="btn btn-ghost btn-sm" to="/">
            Parley home
          </Link>
        </div>
      </div>
    </main>
  );
}
