import { demoInfoSchema } from "@parley/contracts";
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../app/api";
import { signInUrl } from "../../../app/config";
import { embedSnippet } from "../embed";
import { CopyButton } from "./CopyButton";

/** The showcase bot, chatting for real in its own frame, with the snippet that would embed it. */
export function LiveDemo() {
  const demo = useQuery({
    queryKey: ["demo"],
    queryFn: ({ signal }) => apiFetch("/api/demo", { schema: demoInfoSchema, signal }),
    staleTime: 5 * 60_000,
  });
  const chatbotId = demo.data?.chatbotId;
  if (demo.isPending) return <div className="live-demo live-demo-loading" aria-busy="true" />;
  if (!chatbotId) {
    return (
      <div className="demo-placeholder">
        <h2>See it on your own site</h2>
        <p>
          Create a chatbot, add your knowledge, and paste its snippet: the launcher appears in the corner of
          your pages.
        </p>
        <a className="btn btn-primary" href={signInUrl}>
          Start free
        </a>
      </div>
    );
  }
  const snippet = embedSnippet(chatbotId);
  return (
    <div className="live-demo">
      <div className="live-demo-copy">
        <h2>Live demo</h2>
        <p className="live-demo-note">
          This is the Acme Coffee assistant, a demo bot answering from five knowledge sources with Parley's
          built-in answer engine. Ask it when the café opens, whether it delivers to Muharraq, or how the
          coffee club works.
        </p>
        <p className="live-demo-note">
          The same chat page opens from the launcher when this snippet is on a site:
        </p>
        <div className="code-block">
          <div className="code-block-bar">
            <span>HTML</span>
            <CopyButton text={snippet} />
          </div>
          <pre>
            <code>{snippet}</code>
          </pre>
        </div>
      </div>
      <iframe
        className="live-demo-frame"
        src={`/widget/chat/${chatbotId}`}
        title="Live demo: Acme Coffee assistant"
        loading="lazy"
      />
    </div>
  );
}
