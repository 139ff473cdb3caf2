import { transcriptSchema } from "@parley/contracts";
import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "../../lib/api";
import { inboxKeys } from "./keys";

/** One conversation with its messages and leads (the open transcript; the live stream patches it). */
export const transcriptQuery = (id: string) =>
  queryOptions({
    queryKey: inboxKeys.transcript(id),
    queryFn: ({ signal }) =>
      apiFetch(`/api/conversations/${encodeURIComponent(id)}`, { schema: transcriptSchema, signal }),
    staleTime: 15_000,
  });
