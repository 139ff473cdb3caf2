import { useParams } from "react-router-dom";
import { LogoMark } from "../../../components/Logo";
import { useDocumentTitle } from "../../../components/use-document-title";

/**
 * Placeholder for the public chat page (it arrives with the widget issue, as its own light
 * entry). It says plainly that chatting isn't possible yet rather than pretending to connect.
 */
export function WidgetChatPage() {
  useDocumentTitle("Chat");
  const { chatbotId = "" } = useParams();
  return (
    <main className="standalone">
      <div className="standalone-card">
        <LogoMark size={40} />
        <h1>Chat isn't available yet</h1>
        <p>
          The chat for this chatbot (<code>{chatbotId}</code>) can't be opened here yet. Please try again
          later, or reach the business through its website.
        </p>
        <p className="standalone-foot">Powered by Parley</p>
      </div>
    </main>
  );
}
