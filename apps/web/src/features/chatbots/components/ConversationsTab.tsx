import { InboxIcon } from "./icons";

/** The inbox arrives with its own issue; until then this says plainly what will appear here. */
export function ConversationsTab({ onOpenPlayground }: { onOpenPlayground: () => void }) {
  return (
    <div className="state-panel builder-placeholder">
      <span className="builder-placeholder-icon">
        <InboxIcon size={26} />
      </span>
      <h2>No conversations yet</h2>
      <p>
        Conversations appear here once visitors chat with your bot through the widget on your website: what
        they asked, what the bot answered, and the contact details they left.
      </p>
      <p>Playground chats are only for testing and aren't recorded.</p>
      <button type="button" className="btn btn-secondary btn-sm" onClick={onOpenPlayground}>
        Test in the Playground
      </button>
    </div>
  );
}
