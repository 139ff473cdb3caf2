import {
  type Chatbot,
  type ChatbotCreateInput,
  type ChatbotListItem,
  type ChatbotUpdateInput,
  chatbotListSchema,
  chatbotSchema,
  type EmbeddingsTestInput,
  embeddingsTestResultSchema,
  type KnowledgeSource,
  knowledgeSourceListSchema,
  knowledgeSourceSchema,
  type SourceCreate,
  type SourcePatch,
  sourceSyncListSchema,
} from "@parley/contracts";
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { apiFetch } from "../../lib/api";
import { dashboardKeys } from "../billing/public";
import { getAccessToken } from "../session/public";
import { anyInProgress } from "./chatbots";
import { uploadSourceFile } from "./upload";

export const chatbotKeys = {
  all: ["chatbots"] as const,
  list: () => [...chatbotKeys.all, "list"] as const,
  detail: (id: string) => [...chatbotKeys.all, "detail", id] as const,
  sources: (id: string) => [...chatbotKeys.detail(id), "sources"] as const,
  /** A source's syncs as of its last finished one (a new finish is a new list). */
  syncs: (id: string, sourceId: string, lastFinishedAt: string | null) =>
    [...chatbotKeys.sources(id), sourceId, "syncs", lastFinishedAt] as const,
};

const botPath = (id: string) => `/api/chatbots/${encodeURIComponent(id)}`;

/** Counts on the dashboard (chatbots, knowledge sources) change with every create and delete. */
function refreshCounts(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: chatbotKeys.list() });
  void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
}

export function useChatbots() {
  return useQuery(
    queryOptions({
      queryKey: chatbotKeys.list(),
      queryFn: ({ signal }) => apiFetch("/api/chatbots", { schema: chatbotListSchema, signal }),
      staleTime: 10_000,
    }),
  );
}

export function useChatbot(id: string) {
  const queryClient = useQueryClient();
  return useQuery<Chatbot, Error, Chatbot, ReturnType<typeof chatbotKeys.detail>>({
    queryKey: chatbotKeys.detail(id),
    queryFn: ({ signal }) => apiFetch(botPath(id), { schema: chatbotSchema, signal }),
    staleTime: 30_000,
    // Coming from the dashboard, the list already holds this bot: show it at once.
    placeholderData: () => {
      const listed = queryClient
        .getQueryData<ChatbotListItem[]>(chatbotKeys.list())
        ?.find((bot) => bot._id === id);
      if (!listed) return undefined;
      const { sourceCount: _count, readySourceCount: _ready, ...bot } = listed;
      return bot;
    },
  });
}

export const SOURCES_POLL_MS = 1000;

/** The bot's knowledge; polled every second while any source is queued or processing. */
export function useSources(chatbotId: string) {
  const queryClient = useQueryClient();
  const query = useQuery(
    queryOptions({
      queryKey: chatbotKeys.sources(chatbotId),
      queryFn: ({ signal }) =>
        apiFetch(`${botPath(chatbotId)}/sources`, { schema: knowledgeSourceListSchema, signal }),
      staleTime: 5_000,
      refetchInterval: (q) => (anyInProgress(q.state.data) ? SOURCES_POLL_MS : false),
    }),
  );
  // When the last source finishes, the dashboard's "ready" counts are stale.
  const busy = anyInProgress(query.data);
  const wasBusy = useRef(busy);
  useEffect(() => {
    if (wasBusy.current && !busy) void queryClient.invalidateQueries({ queryKey: chatbotKeys.list() });
    wasBusy.current = busy;
  }, [busy, queryClient]);
  return query;
}

export function useCreateChatbot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChatbotCreateInput) =>
      apiFetch("/api/chatbots", { method: "POST", body: input, schema: chatbotSchema }),
    onSuccess: (bot) => {
      queryClient.setQueryData(chatbotKeys.detail(bot._id), bot);
      queryClient.setQueryData<KnowledgeSource[]>(chatbotKeys.sources(bot._id), []);
      refreshCounts(queryClient);
    },
  });
}

export function useUpdateChatbot(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChatbotUpdateInput) =>
      apiFetch(botPath(id), { method: "PATCH", body: input, schema: chatbotSchema }),
    onSuccess: (bot: Chatbot) => {
      queryClient.setQueryData(chatbotKeys.detail(id), bot);
      void queryClient.invalidateQueries({ queryKey: chatbotKeys.list() });
    },
  });
}

/** "Test connection" for the embeddings endpoint typed in the settings (nothing is saved). */
export function useTestEmbeddings(id: string) {
  return useMutation({
    mutationFn: (input: EmbeddingsTestInput) =>
      apiFetch(`${botPath(id)}/embeddings/test`, {
        method: "POST",
        body: input,
        schema: embeddingsTestResultSchema,
      }),
  });
}

export function useDeleteChatbot(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(botPath(id), { method: "DELETE" }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: chatbotKeys.detail(id) });
      queryClient.setQueryData<ChatbotListItem[]>(chatbotKeys.list(), (list) =>
        list?.filter((bot) => bot._id !== id),
      );
      refreshCounts(queryClient);
    },
  });
}

/** A new source, typed (text, Q&A, website) or a file to upload. */
export type SourceDraft = SourceCreate | { kind: "file"; file: File };

function addToCache(queryClient: QueryClient, chatbotId: string, source: KnowledgeSource) {
  queryClient.setQueryData<KnowledgeSource[]>(chatbotKeys.sources(chatbotId), (list) =>
    list ? [...list.filter((s) => s._id !== source._id), source] : [source],
  );
  refreshCounts(queryClient);
}

/** Adds any kind of source; `onUploadProgress` reports a file's upload (0 to 1). */
export function useAddSource(chatbotId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: { draft: SourceDraft; onUploadProgress?: (fraction: number) => void }) =>
      addSource(chatbotId, args.draft, args.onUploadProgress),
    onSuccess: (source) => addToCache(queryClient, chatbotId, source),
  });
}

export function addSource(
  chatbotId: string,
  draft: SourceDraft,
  onUploadProgress?: (fraction: number) => void,
): Promise<KnowledgeSource> {
  if (draft.kind === "file") {
    return uploadSourceFile({
      chatbotId,
      file: draft.file,
      getToken: getAccessToken,
      ...(onUploadProgress ? { onProgress: onUploadProgress } : {}),
    });
  }
  return apiFetch(`${botPath(chatbotId)}/sources`, {
    method: "POST",
    body: draft,
    schema: knowledgeSourceSchema,
  });
}

const sourcePath = (chatbotId: string, sourceId: string) =>
  `${botPath(chatbotId)}/sources/${encodeURIComponent(sourceId)}`;

function replaceInCache(queryClient: QueryClient, chatbotId: string, source: KnowledgeSource) {
  queryClient.setQueryData<KnowledgeSource[]>(chatbotKeys.sources(chatbotId), (list) =>
    list?.map((s) => (s._id === source._id ? source : s)),
  );
}

export function useResyncSource(chatbotId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sourceId: string) =>
      apiFetch(`${sourcePath(chatbotId, sourceId)}/resync`, {
        method: "POST",
        schema: knowledgeSourceSchema,
      }),
    onSuccess: (source) => {
      replaceInCache(queryClient, chatbotId, source);
      void queryClient.invalidateQueries({ queryKey: chatbotKeys.list() });
    },
  });
}

/** A website source's path rules and re-sync schedule, changed after it was added. */
export function useUpdateSource(chatbotId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ sourceId, patch }: { sourceId: string; patch: SourcePatch }) =>
      apiFetch(sourcePath(chatbotId, sourceId), {
        method: "PATCH",
        body: patch,
        schema: knowledgeSourceSchema,
      }),
    onSuccess: (source) => replaceInCache(queryClient, chatbotId, source),
  });
}

/**
 * A website source's syncs, newest first, read when someone opens them (`enabled`). Keyed by the
 * source's last finished sync, so a sync that finishes while they are open is read again.
 */
export function useSourceSyncs(chatbotId: string, source: KnowledgeSource, enabled: boolean) {
  return useQuery({
    queryKey: chatbotKeys.syncs(chatbotId, source._id, source.lastSync?.finishedAt ?? null),
    queryFn: ({ signal }) =>
      apiFetch(`${sourcePath(chatbotId, source._id)}/syncs`, { schema: sourceSyncListSchema, signal }),
    enabled,
    staleTime: 30_000,
    // The list as it was until the new one arrives: no flash of "Loading…" after each sync.
    placeholderData: (previous) => previous,
  });
}

export function useDeleteSource(chatbotId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sourceId: string) => apiFetch(sourcePath(chatbotId, sourceId), { method: "DELETE" }),
    onSuccess: (_void, sourceId) => {
      queryClient.setQueryData<KnowledgeSource[]>(chatbotKeys.sources(chatbotId), (list) =>
        list?.filter((s) => s._id !== sourceId),
      );
      refreshCounts(queryClient);
    },
  });
}

/**
 * Whether `/embed.js` is served by this deployment. The widget script ships with the widget
 * issue; until then the Embed tab says so instead of handing out a tag that loads nothing.
 */
export function useEmbedScriptAvailable(origin: string) {
  return useQuery({
    queryKey: [...chatbotKeys.all, "embed-script", origin] as const,
    queryFn: async ({ signal }) => {
      const response = await fetch(`${origin}/embed.js`, { method: "HEAD", signal, cache: "no-store" });
      // A SPA fallback answering index.html for the path does not count.
      const type = response.headers.get("content-type") ?? "";
      return response.ok && /javascript|ecmascript/i.test(type);
    },
    staleTime: 5 * 60_000,
    retry: false,
  });
}
