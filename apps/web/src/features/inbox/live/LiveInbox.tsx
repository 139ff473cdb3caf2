import type { ConversationPage, Transcript } from "@parley/contracts";
import { directionOf, isLanguage } from "@parley/ui/i18n";
import { useTranslation } from "@parley/ui/i18n/react";
import { type InfiniteData, type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router-dom";
import { tokens, useSession } from "../../session/public";
import { inboxKeys } from "../keys";
import { transcriptQuery } from "../transcript-query";
import { applyEvent, createReloader } from "./live-cache";
import { startLiveConnection } from "./live-connection";
import { shouldNotify, type TeamStatus } from "./live-events";
import { liveStore } from "./live-store";
import { notificationAccess, showNotice } from "./notifications";

type I18n = ReturnType<typeof useTranslation>["i18n"];

/** A notification's preview of the visitor's words. */
const PREVIEW_CHARS = 140;

/**
 * The signed-in tab's one live stream (`GET /api/events`), for the active workspace: mounted once
 * in the app shell, so lists, the open transcript and desktop notifications stay live on every
 * page. It restarts for a new session or workspace, stops on sign-out and when the member is
 * removed (the shell then says so).
 */
export function LiveInbox() {
  const { status, user, workspace, signingOut } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { i18n } = useTranslation();
  // The effect reads these through a ref: a new route or language must not reconnect.
  const latest = useRef({ navigate, i18n });
  latest.current = { navigate, i18n };
  const key = status === "signedIn" && user && workspace && !signingOut ? `${user.id}|${workspace.id}` : null;

  useEffect(() => {
    if (!key) return;
    liveStore.reset();
    const reloader = createReloader(queryClient);
    const stop = startLiveConnection({
      url: "/api/events",
      getToken: (options) => tokens.getToken(options),
      onState: liveStore.setConnection,
      onGone: () => {
        reloader.cancel();
        liveStore.markGone();
      },
      onEvent: (event) => {
        if (event.type === "typing") {
          liveStore.typing(event.conversationId);
          return;
        }
        if (event.type === "message" && event.message.role === "user")
          liveStore.stoppedTyping(event.conversationId);
        reloader.add(applyEvent(queryClient, event));
        if (event.type === "status") {
          const page = { hidden: document.visibilityState === "hidden", permission: notificationAccess() };
          if (shouldNotify(event, page))
            void notifyWaiting(queryClient, latest.current.i18n, event, (to) => latest.current.navigate(to));
        }
      },
    });
    return () => {
      stop();
      reloader.cancel();
      liveStore.setConnection("stopped");
    };
  }, [key, queryClient]);

  return null;
}

/** The conversation as a list already has it (no request), else its transcript. */
async function conversationOf(
  queryClient: QueryClient,
  id: string,
): Promise<{ chatbotName: string; preview: string | null } | null> {
  const cached = queryClient.getQueryData<Transcript>(inboxKeys.transcript(id));
  const transcript =
    cached ?? (await queryClient.fetchQuery(transcriptQuery(id)).catch(() => null as Transcript | null));
  if (transcript) {
    const asked = [...transcript.messages].reverse().find((m) => m.role === "user");
    return { chatbotName: transcript.chatbotName, preview: asked?.content ?? transcript.firstQuestion };
  }
  for (const [, data] of queryClient.getQueriesData<InfiniteData<ConversationPage>>({
    queryKey: inboxKeys.lists(),
  })) {
    const item = data?.pages.flatMap((p) => p.items).find((c) => c._id === id);
    if (item) return { chatbotName: item.chatbotName, preview: item.firstQuestion };
  }
  return null;
}

async function notifyWaiting(
  queryClient: QueryClient,
  i18n: I18n,
  status: TeamStatus,
  go: (to: string) => void,
) {
  await i18n.loadNamespaces("inbox");
  const t = i18n.getFixedT(i18n.language, "inbox");
  const about = await conversationOf(queryClient, status.conversationId);
  const preview = about?.preview?.replace(/\s+/g, " ").trim() ?? "";
  const clipped = preview.length > PREVIEW_CHARS ? `${preview.slice(0, PREVIEW_CHARS - 1)}…` : preview;
  const language = isLanguage(i18n.language) ? i18n.language : "en";
  showNotice({
    title: t("live.notify.title"),
    body: about
      ? clipped
        ? t("live.notify.body", { bot: about.chatbotName, preview: clipped })
        : t("live.notify.bodyBot", { bot: about.chatbotName })
      : t("live.notify.bodyNone"),
    tag: `parley-waiting-${status.conversationId}`,
    lang: language,
    dir: directionOf(language),
    onClick: () => go(`/inbox/${encodeURIComponent(status.conversationId)}`),
  });
}
