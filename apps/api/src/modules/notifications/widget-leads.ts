import type { FastifyBaseLogger } from "fastify";
import type { WidgetService } from "../widget/widget.service";
import type { NotificationsService } from "./notifications.service";

/**
 * The widget service, with the team told of every lead it saves: once the lead is stored, its
 * notification is queued (the mails are written and sent by jobs, never in the visitor's request);
 * a failure to queue is logged and never fails the visitor's request.
 */
export function notifyOnLeads<W extends Pick<WidgetService, "lead" | "publishedBot">>(
  widget: W,
  notifications: Pick<NotificationsService, "leadCaptured">,
  opts: { now: () => Date; log: FastifyBaseLogger },
): W {
  return {
    ...widget,
    async lead(...args: Parameters<WidgetService["lead"]>) {
      const saved = await widget.lead(...args);
      const [chatbotId, conversationId, , input] = args;
      const at = opts.now();
      // Awaited (one insert into the job queue: the e-mails go out from the queue), so that a
      // crash after the answer cannot lose them; a failure is logged, never the visitor's error.
      await widget
        .publishedBot(chatbotId)
        .then((bot) =>
          notifications.leadCaptured({
            workspaceId: bot.workspaceId,
            conversationId,
            chatbotName: bot.name,
            email: input.email.toLowerCase(),
            name: input.name || null,
            at,
          }),
        )
        .catch((err: Error) =>
          opts.log.error({ err, chatbotId, conversationId }, "could not queue the new lead's notifications"),
        );
      return saved;
    },
  };
}
