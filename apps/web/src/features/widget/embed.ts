/** The tag a business pastes into its site; `cb_…` stands for the chatbot's public id. */
export const EMBED_SNIPPET = `<script src="https://app.example/embed.js" data-chatbot-id="cb_…" async></script>`;
