import { WHATSAPP_BUTTON_BODY_MAX } from "@parley/contracts";
import type { ChannelAdapter, OutgoingMessage } from "../channel-adapter";
import { type GraphClient, GraphError, type OutgoingBody } from "./graph-client";
import { sourcesText, splitMessage, toWhatsappText } from "./whatsapp-text";
import { HANDOFF_BUTTON_ID, parseDelivery, verifySignature } from "./whatsapp-webhook";

/** The reply button's title (at most 20 characters, as WhatsApp requires). */
const HANDOFF_TITLE = { en: "Talk to a person", ar: "التحدث مع شخص" } as const;

/** The messages one stored message goes out as, in order. */
export function whatsappBodies(message: OutgoingMessage): OutgoingBody[] {
  if (message.contentType === "template" && message.template) {
    const t = message.template;
    return [
      {
        type: "template",
        template: {
          name: t.name,
          language: { code: t.language },
          components: t.parameters.length
            ? [{ type: "body", parameters: t.parameters.map((text) => ({ type: "text", text })) }]
            : [],
        },
      },
    ];
  }
  const text = [toWhatsappText(message.content), sourcesText(message.citations, message.language)]
    .filter(Boolean)
    .join("\n\n");
  const parts = splitMessage(text || "…");
  const bodies: OutgoingBody[] = parts.map((body) => ({
    type: "text",
    // A link preview only where the answer is one short message with an address in it.
    text: { body, preview_url: false },
  }));
  const last = parts.at(-1);
  if (message.offerHandoff && last && last.length <= WHATSAPP_BUTTON_BODY_MAX)
    bodies[bodies.length - 1] = {
      type: "interactive",
      interactive: {
        type: "button",
        body: { text: last },
        action: {
          buttons: [
            { type: "reply", reply: { id: HANDOFF_BUTTON_ID, title: HANDOFF_TITLE[message.language] } },
          ],
        },
      },
    };
  return bodies;
}

/** WhatsApp Business through Meta's Cloud API. */
export function createWhatsappAdapter(deps: { graph: GraphClient }): ChannelAdapter {
  return {
    kind: "whatsapp",

    verify(channel, rawBody, headers) {
      const header = headers["x-hub-signature-256"];
      return verifySignature(rawBody, typeof header === "string" ? header : undefined, channel.appSecret);
    },

    parse(channel, body) {
      const parsed = parseDelivery(body, channel.row.phoneNumberId);
      if (!parsed) return null;
      return {
        messages: parsed.messages.map((m) => ({
          externalId: m.externalId,
          contactId: m.from,
          contactName: m.name,
          at: m.at,
          contentType: m.contentType,
          text: m.text,
          replyToExternalId: m.replyToExternalId,
          asksForPerson: m.asksForPerson,
        })),
        reports: parsed.statuses,
      };
    },

    async send(channel, to, message, parts, sent, attempt) {
      const bodies = whatsappBodies(message);
      for (const [index, body] of bodies.entries()) {
        // Accepted by an earlier attempt (its id recorded, or reported back by Meta's status).
        if (parts[index]?.externalId) continue;
        await attempt?.(index, bodies.length);
        const externalId = await deps.graph
          .send(channel.accessToken, channel.row.phoneNumberId, to, body, {
            // The first part quotes the question it answers, as a reply does on a phone.
            replyTo: index === 0 ? message.replyToExternalId : null,
            // Comes back with every status of it: a part whose acceptance we never recorded (the
            // process died right after Meta took it) is recognised, not sent twice.
            callbackData: `${message.id}:${index}`,
          })
          .catch((err: unknown) => {
            if (err instanceof GraphError) err.part = index;
            throw err;
          });
        await sent(index, externalId, bodies.length);
      }
    },
  };
}
