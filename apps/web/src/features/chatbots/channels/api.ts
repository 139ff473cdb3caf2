import { type Channel, channelListSchema, channelSchema, type WhatsappConnect } from "@parley/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { ApiError, apiFetch } from "../../../lib/api";
import { jsonRequestInit } from "../../../lib/json-request";
import { networkError } from "../../../lib/network-error";
import { chatbotKeys } from "../api";

/** A bot's messaging channels (owners and admins: `channels:manage`). */
export const channelKeys = {
  forBot: (chatbotId: string) => [...chatbotKeys.detail(chatbotId), "channels"] as const,
};

const botChannelsPath = (chatbotId: string) => `/api/chatbots/${encodeURIComponent(chatbotId)}/channels`;

export function useChannels(chatbotId: string) {
  return useQuery({
    queryKey: channelKeys.forBot(chatbotId),
    queryFn: ({ signal }) => apiFetch(botChannelsPath(chatbotId), { schema: channelListSchema, signal }),
    // The answer names the verify token: kept while the tab is open, fetched again on return.
    staleTime: 30_000,
  });
}

/**
 * Connects a WhatsApp number (the API checks the token and the ids with Meta first). The answer
 * never holds the access token or the app secret: nothing of them stays in the cache.
 */
export function useConnectWhatsapp(chatbotId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // The mutation's variables hold the secrets: dropped from the cache as soon as it is unobserved.
    gcTime: 0,
    mutationFn: (input: WhatsappConnect) =>
      apiFetch(`${botChannelsPath(chatbotId)}/whatsapp`, {
        method: "POST",
        body: input,
        schema: channelSchema,
      }),
    onSuccess: (channel) => {
      queryClient.setQueryData<Channel[]>(channelKeys.forBot(chatbotId), (list) => [
        ...(list ?? []).filter((c) => c._id !== channel._id),
        channel,
      ]);
      void queryClient.invalidateQueries({ queryKey: channelKeys.forBot(chatbotId) });
    },
  });
}

export function useDisconnectChannel(chatbotId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (channelId: string) =>
      apiFetch(`/api/channels/${encodeURIComponent(channelId)}`, { method: "DELETE" }),
    onSuccess: (_nothing, channelId) => {
      queryClient.setQueryData<Channel[]>(channelKeys.forBot(chatbotId), (list) =>
        list?.filter((c) => c._id !== channelId),
      );
      void queryClient.invalidateQueries({ queryKey: channelKeys.forBot(chatbotId) });
    },
  });
}

// ----- The development stand-in of Meta's Graph API (never mounted in production) -------------

/** Where the API serves its stand-in of Meta's WhatsApp Cloud API outside production. */
export const STAND_IN_PATH = "/dev/whatsapp-graph";
/** The simulator page: write to a test number as a customer would. */
export const SIMULATOR_PATH = "/dev/whatsapp";

const standInNumberSchema = z.object({
  phoneNumberId: z.string(),
  displayPhoneNumber: z.string(),
  verifiedName: z.string(),
  subscribed: z.boolean(),
});
const standInListSchema = z.array(standInNumberSchema);
export type StandInNumber = z.infer<typeof standInNumberSchema>;

const standInCreatedSchema = z.object({
  phoneNumberId: z.string(),
  businessAccountId: z.string(),
  accessToken: z.string(),
  appSecret: z.string(),
  displayPhoneNumber: z.string(),
  verifiedName: z.string(),
});
export type StandInCreated = z.infer<typeof standInCreatedSchema>;

export const standInKeys = { numbers: ["whatsapp-stand-in", "numbers"] as const };

/**
 * One call to the stand-in: plain fetch, no access token (the stand-in plays Meta, not Parley).
 * A failure is an ApiError with the stand-in's own words (`{ error: "…" }`).
 */
async function standIn<S extends z.ZodType>(path: string, schema: S, body?: unknown): Promise<z.output<S>> {
  let response: Response;
  try {
    response = await fetch(`${STAND_IN_PATH}${path}`, {
      ...jsonRequestInit(body),
      credentials: "omit",
    });
  } catch (cause) {
    throw networkError(
      // i18n-ignore: the error's English message; the card words a failed stand-in call itself
      "The simulator could not be reached.",
      cause,
    );
  }
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const said =
      json && typeof json === "object" && "error" in json && typeof json.error === "string"
        ? json.error
        : null;
    throw new ApiError({
      status: response.status,
      code: response.status === 404 ? "NOT_FOUND" : "BAD_REQUEST",
      // i18n-ignore: the stand-in's own words (a development tool), shown beside the card's own text
      message: said ?? `HTTP ${response.status}`,
      fromServer: said !== null,
    });
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success)
    throw new ApiError({
      status: 500,
      code: "INVALID_RESPONSE",
      // i18n-ignore: the error's English message; the card words a failed stand-in call itself
      message: "The simulator's answer was not understood.",
    });
  return parsed.data;
}

/**
 * The stand-in's numbers, or null where there is no stand-in (production answers 404, and a
 * server that serves the app for any path answers with the page, not a list). Asked once; this is
 * what shows or hides the card's development helpers.
 */
export function useStandInNumbers() {
  return useQuery({
    queryKey: standInKeys.numbers,
    queryFn: async (): Promise<StandInNumber[] | null> => {
      try {
        return await standIn("/__standin/numbers", standInListSchema);
      } catch {
        return null;
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** A new test number from the stand-in, with the four values the connect form needs. */
export function useCreateStandInNumber() {
  const queryClient = useQueryClient();
  return useMutation({
    gcTime: 0,
    mutationFn: () => standIn("/__standin/numbers", standInCreatedSchema, {}),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: standInKeys.numbers }),
  });
}

/** Plays Meta's "Verify and save": the stand-in calls the channel's callback URL with its token. */
export function useStandInSubscribe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (channel: Pick<Channel, "phoneNumberId" | "callbackUrl" | "verifyToken">) =>
      standIn(
        `/__standin/numbers/${encodeURIComponent(channel.phoneNumberId)}/subscribe`,
        z.object({ subscribed: z.boolean() }),
        { callbackUrl: channel.callbackUrl, verifyToken: channel.verifyToken },
      ),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: standInKeys.numbers }),
  });
}
