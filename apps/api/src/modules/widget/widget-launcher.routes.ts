import { type LauncherStatus, launcherStatusSchema, widgetLanguageQuerySchema } from "@parley/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/errors";
import type { RateLimiter } from "../../lib/rate-limit";
import { DEFAULT_TEXTS, textsFor, widgetLanguage } from "../chatbots/bot-languages";
import { LAUNCHER_LABELS } from "./launcher-labels";
import { originAllowed } from "./origin-policy";
import type { WidgetService } from "./widget.service";
import { limitWidgetReads, notEnabledOn } from "./widget-guards";

/**
 * `GET /widget/:chatbotId/launcher`, embed.js's first and only call on a page view: whether it
 * may draw the launcher on the calling site, and how. Any site may read the answer (it is the
 * site owner who needs the reason); it says nothing a visitor could use.
 */
export const widgetLauncherRoutes: FastifyPluginAsyncZod<{
  widget: WidgetService;
  limiter: RateLimiter;
  appOrigin: string;
}> = async (app, { widget, limiter, appOrigin }) => {
  app.get(
    "/widget/:chatbotId/launcher",
    {
      schema: {
        params: z.object({ chatbotId: z.string() }),
        querystring: widgetLanguageQuerySchema,
        response: { 200: launcherStatusSchema },
      },
    },
    async (request, reply): Promise<LauncherStatus> => {
      const origin = request.headers.origin;
      reply.header("access-control-allow-origin", origin ?? "*").header("vary", "origin");
      // Refused before any lookup (embed.js then simply draws nothing on this page view).
      await limitWidgetReads(limiter, request.ip, reply);
      reply.header("cache-control", "public, max-age=30");
      try {
        const bot = await widget.publishedBot(request.params.chatbotId, true);
        if (origin && origin !== appOrigin && !originAllowed(origin, bot.allowedDomains)) {
          return { available: false, reason: notEnabledOn(origin, bot.id) };
        }
        // The visitor's language (data-lang, else the browser's) when the bot speaks it.
        const lang = widgetLanguage(bot, request.query.lang);
        const launcherText = textsFor(bot, lang).launcherText || DEFAULT_TEXTS[lang].launcherText;
        return {
          available: true,
          theme: { ...bot.theme, launcherText },
          lang,
          dir: lang === "ar" ? "rtl" : "ltr",
          labels: LAUNCHER_LABELS[lang],
        };
      } catch (err) {
        if (err instanceof AppError && err.code === "NOT_FOUND")
          return { available: false, reason: err.message };
        throw err;
      }
    },
  );
};
