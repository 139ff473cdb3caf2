import { publicUrl } from "../../lib/config";

/**
 * The tag a business pastes, with this deployment's real public origin; `cb_…` stands for the
 * chatbot's public id (the Embed tab fills it in).
 */
export const embedSnippet = (chatbotId = "cb_…", origin = publicUrl) =>
  `<script src="${origin}/embed.js" data-chatbot-id="${chatbotId}" async></script>`;
