import { LogoMark } from "../../../components/Logo";

/**
 * A static illustration of the widget on a customer's site (not a live chat). It is marked
 * as an example so nobody mistakes it for a working demo.
 */
export function ChatPreview() {
  return (
    <figure className="chat-preview">
      <div className="chat-window" aria-hidden="true">
        <div className="chat-header">
          <LogoMark size={30} />
          <div>
            <p className="chat-title">Gulf Coffee Roasters</p>
            <p className="chat-status">
              <span className="status-dot" /> Answers instantly
            </p>
          </div>
        </div>
        <div className="chat-body">
          <p className="bubble bubble-bot">Hi! Ask me anything about orders, delivery or our beans.</p>
          <p className="bubble bubble-user">Do you deliver to Muharraq on Fridays?</p>
          <div className="bubble bubble-bot">
            <p>
              Yes. Friday deliveries to Muharraq run from 2 pm to 8 pm, and orders placed before noon arrive
              the same day. Delivery is free above BHD 10.000.
            </p>
            <p className="bubble-source">
              <span>Source</span> Delivery &amp; returns · section 2
            </p>
          </div>
          <div className="chip-row">
            <span className="chip">Track my order</span>
            <span className="chip">Wholesale prices</span>
          </div>
        </div>
        <div className="chat-input">
          <span>Type your question…</span>
          <span className="chat-send">
            <svg aria-hidden="true" viewBox="0 0 20 20" width="16" height="16">
              <path d="M3 10 17 3l-4 14-3-6-7-1Z" fill="currentColor" />
            </svg>
          </span>
        </div>
      </div>
      <figcaption>Example conversation on a customer's website</figcaption>
    </figure>
  );
}
