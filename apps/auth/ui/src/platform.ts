/** Loads the platform named by `?platform=` once per id and shares it between pages. */
import { useCallback, useEffect, useState } from "react";
import { fetchPlatform, type PlatformLookup, type Result } from "./api";
import type { ApiFailure } from "./errors";
import type { Platform } from "./responses";
import { DEFAULT_PLATFORM, isPlausiblePlatformId, resolveWebUrl } from "./urls";

export type PlatformState =
  | { status: "loading" }
  | { status: "ready"; platform: Platform }
  | { status: "unknown" }
  | { status: "error"; failure: ApiFailure; retry: () => void };

const cache = new Map<string, Promise<Result<PlatformLookup>>>();

function lookup(id: string): Promise<Result<PlatformLookup>> {
  let pending = cache.get(id);
  if (!pending) {
    pending = fetchPlatform(id).then((result) => {
      // Only answers are remembered; a network or server failure is retried on the next request.
      if (!result.ok) cache.delete(id);
      return result;
    });
    cache.set(id, pending);
  }
  return pending;
}

export function usePlatform(id: string): PlatformState {
  const [state, setState] = useState<{ id: string; value: PlatformState }>({
    id,
    value: { status: "loading" },
  });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    let live = true;
    // `attempt` is read so a retry re-runs the lookup.
    void attempt;
    if (!isPlausiblePlatformId(id)) {
      setState({ id, value: { status: "unknown" } });
      return;
    }
    setState((prev) =>
      prev.id === id && prev.value.status === "ready" ? prev : { id, value: { status: "loading" } },
    );
    void lookup(id).then((result) => {
      if (!live) return;
      if (!result.ok) setState({ id, value: { status: "error", failure: result.failure, retry } });
      else if (result.data.status === "unknown") setState({ id, value: { status: "unknown" } });
      else setState({ id, value: { status: "ready", platform: result.data.platform } });
    });
    return () => {
      live = false;
    };
  }, [id, attempt, retry]);

  return state.id === id ? state.value : { status: "loading" };
}

function metaWebUrl(): string | null {
  const metas = document.querySelectorAll<HTMLMetaElement>('meta[name="parley-web-url"]');
  for (const meta of metas) if (meta.content.trim()) return meta.content.trim();
  return null;
}

/** The main site's origin for footer links (terms, contact), or null while unknown. */
export function useWebUrl(current: PlatformState): string | null {
  const fromMeta = resolveWebUrl(metaWebUrl(), null);
  const currentIsParley = current.status === "ready" && current.platform.id === DEFAULT_PLATFORM;
  const [fromParley, setFromParley] = useState<string | null>(null);

  useEffect(() => {
    if (fromMeta || currentIsParley) return;
    let live = true;
    void lookup(DEFAULT_PLATFORM).then((result) => {
      if (live && result.ok && result.data.status === "found") {
        setFromParley(resolveWebUrl(null, result.data.platform.callbackURL));
      }
    });
    return () => {
      live = false;
    };
  }, [fromMeta, currentIsParley]);

  if (fromMeta) return fromMeta;
  if (current.status === "ready" && currentIsParley) return resolveWebUrl(null, current.platform.callbackURL);
  return fromParley;
}
