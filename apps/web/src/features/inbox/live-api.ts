import {
  type LiveStatus,
  liveMessageSchema,
  liveStatusSchema,
  type TemplateSend,
  whatsappTemplateListSchema,
} from "@parley/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { apiFetch } from "../../lib/api";
import { inboxKeys } from "./keys";
import { addMessage, applyStatus } from "./live/live-cache";
import { createThrottle } from "./live/live-events";

/** How often the visitor is told the agent is typing (at most; they see it for a few seconds). */
export const TYPING_EVERY_MS = 3_000;

const conversationPath = (id: string, action: string) =>
  `/api/conversations/${encodeURIComponent(id)}/${action}`;

type LiveAction = "claim" | "release" | "close";

/**
 * Take over, hand back to the bot, or close one conversation. The answer is the conversation's new
 * state: the transcript and the lists show it at once (the live event that follows is the same
 * state, applied again without change).
 */
export function useLiveAction(conversationId: string, action: LiveAction) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch(conversationPath(conversationId, action), { method: "POST", schema: liveStatusSchema }),
    onSuccess: (status: LiveStatus) => {
      applyStatus(queryClient, status);
      void queryClient.invalidateQueries({ queryKey: inboxKeys.lists() });
    },
    onError: () => {
      // Someone else was quicker (409) or it changed meanwhile: show what the conversation is now.
      void queryClient.invalidateQueries({ queryKey: inboxKeys.transcript(conversationId) });
    },
  });
}

/**
 * Posts something the member sends into the conversation (`path`: "messages", "template"): the
 * message the server returns shows at once; on failure the transcript is read again.
 */
function useSendMessage<T>(conversationId: string, path: string, bodyOf: (input: T) => unknown) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: T) =>
      apiFetch(conversationPath(conversationId, path), {
        method: "POST",
        body: bodyOf(input),
        schema: liveMessageSchema,
      }),
    onSuccess: (message) => {
      addMessage(queryClient, conversationId, message);
      void queryClient.invalidateQueries({ queryKey: inboxKeys.lists() });
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: inboxKeys.transcript(conversationId) });
    },
  });
}

/** The signed-in member's reply. The text stays in the box until the server has it. */
export function useReply(conversationId: string) {
  return useSendMessage(conversationId, "messages", (content: string) => ({ content }));
}

/**
 * Tells the visitor the agent is typing: call it on every keystroke; it sends at most one signal
 * per TYPING_EVERY_MS, and a failed signal is only a missed indicator (never shown).
 */
export function useTypingSignal(conversationId: string) {
  const throttle = useMemo(() => createThrottle(TYPING_EVERY_MS), []);
  const typed = useCallback(() => {
    if (!throttle.take()) return;
    apiFetch(conversationPath(conversationId, "typing"), { method: "POST" }).catch(() => undefined);
  }, [conversationId, throttle]);
  return { typed, sent: throttle.reset };
}

/**
 * The business's approved WhatsApp templates, for a conversation whose 24-hour window closed (read
 * from Meta each time the picker opens; a template paused there disappears from the list).
 */
export function useTemplates(conversationId: string, enabled: boolean) {
  return useQuery({
    queryKey: inboxKeys.templates(conversationId),
    queryFn: ({ signal }) =>
      apiFetch(conversationPath(conversationId, "templates"), { schema: whatsappTemplateListSchema, signal }),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}

/** Sends an approved template (its values filled in); the message shows at once, as a reply does. */
export function useSendTemplate(conversationId: string) {
  return useSendMessage(conversationId, "template", (template: TemplateSend) => template);
}
