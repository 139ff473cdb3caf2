import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { jsonRequestInit } from "../../lib/json-request";
import { type Fault, type InboundType, STAND_IN_BASE } from "./simulator";

/**
 * The stand-in of Meta's Graph API that the API mounts outside production: its control routes play
 * the customer's phone (`/dev/whatsapp-graph/__standin/…`, same origin, no sign-in). In production
 * it is not there: the path then answers 404, or the web app's own page (HTML) where the API serves
 * the app for unknown paths — both mean "unavailable".
 */

export type StandInErrorKind = "unavailable" | "network" | "http" | "invalid";

export class StandInError extends Error {
  readonly kind: StandInErrorKind;
  readonly status: number;
  /** `detail`: the stand-in's own words (English, for developers), when it gave some. */
  constructor(kind: StandInErrorKind, status: number, detail = "") {
    super(detail || `${kind} (HTTP ${status})`);
    this.name = "StandInError";
    this.kind = kind;
    this.status = status;
  }
}

export const isStandInError = (error: unknown): error is StandInError => error instanceof StandInError;

async function standIn<S extends z.ZodType>(
  path: string,
  schema: S,
  options: { body?: unknown; signal?: AbortSignal } = {},
): Promise<z.output<S>> {
  const { body, signal } = options;
  let res: Response;
  try {
    res = await fetch(`${STAND_IN_BASE}${path}`, {
      ...jsonRequestInit(body),
      credentials: "same-origin",
      signal,
    });
  } catch (err) {
    if (signal?.aborted) throw signal.reason ?? err;
    throw new StandInError("network", 0, (err as Error).message);
  }
  const isJson = (res.headers.get("content-type") ?? "").includes("application/json");
  if (res.status === 404 && !path.startsWith("/numbers/")) throw new StandInError("unavailable", 404);
  if (!isJson) {
    // The app's HTML for an unknown path: the stand-in is not mounted (production).
    if (res.ok || res.status === 404) throw new StandInError("unavailable", res.status);
    throw new StandInError("http", res.status);
  }
  const json = (await res.json().catch(() => undefined)) as unknown;
  if (!res.ok) {
    const message = (json as { error?: unknown } | undefined)?.error;
    throw new StandInError("http", res.status, typeof message === "string" ? message : "");
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new StandInError("invalid", res.status);
  return parsed.data;
}

const numberSchema = z.object({
  phoneNumberId: z.string(),
  displayPhoneNumber: z.string(),
  verifiedName: z.string(),
  subscribed: z.boolean(),
  revoked: z.boolean(),
});
export type StandInNumber = z.output<typeof numberSchema>;

/** Older stand-ins listed buttons by title only: they still show (with no id to send back). */
const buttonSchema = z.union([
  z.object({ id: z.string(), title: z.string() }),
  z.string().transform((title) => ({ id: "", title })),
]);

const chatItemSchema = z.object({
  id: z.string(),
  from: z.enum(["customer", "business"]),
  type: z.string(),
  text: z.string(),
  buttons: z.array(buttonSchema).optional(),
  status: z.string().nullish(),
  error: z.object({ code: z.number(), title: z.string() }).nullish(),
  replyTo: z.string().nullish(),
  at: z.string(),
});

const chatSchema = z.object({
  items: z.array(chatItemSchema),
  subscribed: z.boolean(),
  failedDeliveries: z.number(),
});
export type StandInChat = z.output<typeof chatSchema>;

const inboundResultSchema = z.object({ id: z.string(), delivered: z.array(z.number()) });
export type InboundResult = z.output<typeof inboundResultSchema>;

export interface InboundInput {
  from: string;
  name: string;
  type: InboundType;
  text: string;
  buttonId?: string;
  context?: string;
}

export const simulatorKeys = {
  all: ["whatsapp-simulator"] as const,
  numbers: () => [...simulatorKeys.all, "numbers"] as const,
  chat: (numberId: string, contact: string) => [...simulatorKeys.all, "chat", numberId, contact] as const,
};

/** Network trouble may pass; "not mounted" or a refusal will not. */
const retryNetwork = (failureCount: number, error: unknown) =>
  failureCount < 2 && isStandInError(error) && error.kind === "network";

/** The test numbers (also the probe: unavailable in production). Re-read now and then: a bot's
 * settings may verify the webhook meanwhile. */
export function useStandInNumbers() {
  return useQuery({
    queryKey: simulatorKeys.numbers(),
    queryFn: ({ signal }) => standIn("/numbers", z.array(numberSchema), { signal }),
    retry: retryNetwork,
    staleTime: 0,
    refetchInterval: (query) => (query.state.status === "error" ? false : 5000),
  });
}

/** The customer's phone view of the chat with a number, read every 1.5 s while the page is visible. */
export function useStandInChat(numberId: string | undefined, contact: string | undefined) {
  return useQuery({
    queryKey: simulatorKeys.chat(numberId ?? "", contact ?? ""),
    enabled: Boolean(numberId && contact),
    queryFn: ({ signal }) =>
      standIn(
        `/numbers/${encodeURIComponent(numberId ?? "")}/chat?with=${encodeURIComponent(contact ?? "")}`,
        chatSchema,
        { signal },
      ),
    retry: retryNetwork,
    staleTime: 0,
    // Keep the last thread on screen while a new customer's is read (no flash of "loading").
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === numberId ? previous : undefined,
    // TanStack Query pauses the interval while the tab is hidden (refetchIntervalInBackground).
    refetchInterval: 1500,
  });
}

/** The customer writes, taps a button or sends media: the stand-in delivers it to Parley, signed. */
export function useSendInbound(numberId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InboundInput) =>
      standIn(`/numbers/${encodeURIComponent(numberId ?? "")}/inbound`, inboundResultSchema, {
        body: {
          from: input.from,
          name: input.name,
          type: input.type,
          text: input.text,
          ...(input.buttonId ? { buttonId: input.buttonId } : {}),
          ...(input.context ? { context: input.context } : {}),
        },
      }),
    onSettled: (_data, _error, input) =>
      queryClient.invalidateQueries({ queryKey: simulatorKeys.chat(numberId ?? "", input.from) }),
  });
}

/** The customer opens the chat: what they got is read (Parley gets read receipts). */
export function useMarkRead(numberId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contact: string) =>
      standIn(`/numbers/${encodeURIComponent(numberId ?? "")}/read`, z.object({ read: z.number() }), {
        body: { with: contact },
      }),
    onSettled: (_data, _error, contact) =>
      queryClient.invalidateQueries({ queryKey: simulatorKeys.chat(numberId ?? "", contact) }),
  });
}

/** Parley's next sends from the number fail as Meta's do. */
export function useQueueFault(numberId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { fault: Fault; count: number }) =>
      standIn(`/numbers/${encodeURIComponent(numberId ?? "")}/faults`, z.object({ queued: z.number() }), {
        body: input,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: simulatorKeys.numbers() }),
  });
}
