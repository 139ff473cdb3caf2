import type { ServerResponse } from "node:http";
import { LIVE_LIMITS, type LiveEvent } from "@parley/contracts";
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../lib/errors";
import type { PubSub } from "../../lib/pubsub";
import { sseFrame, writeEventStreamHead } from "../../lib/sse";
import type { LiveRepo, StoredEvent } from "./live.repo";

/** How far below a team stream's Last-Event-ID its replay starts (see openTeam). */
const RESUME_OVERLAP = 64;

/** The one channel live events cross the replicas on (every replica filters what it holds). */
export const LIVE_CHANNEL = "parley:live";

/** What crosses the bus: an event, a pointer to one (too big for the bus), or an ephemeral signal. */
type BusMessage =
  | { k: "e"; e: StoredEvent }
  | { k: "p"; id: number }
  | { k: "t"; o: string; c: string; n: string | null; to: "visitor" | "team" }
  | { k: "a"; o: string; c: string; b: string; kind: "created" | "message" | "lead" }
  | { k: "kick"; o: string };

interface StreamBase {
  raw: ServerResponse;
  /** Sends run one after another (a catch-up read finishes before the next live event goes out). */
  chain: Promise<void>;
  closed: boolean;
  close(): void;
}
interface VisitorStream extends StreamBase {
  conversationId: string;
  visitorKey: string;
  ip: string;
  /** The last event number sent. */
  lastSeq: number;
}
interface TeamStream extends StreamBase {
  workspaceId: string;
  userId: string;
  /**
   * Ids sent on this stream (the newest few thousand). A workspace's events are numbered by one
   * sequence across its conversations, and two transactions may commit in the other order than
   * their ids: an event is sent unless this stream sent it already, never skipped for being lower.
   */
  sent: Set<number>;
  /** Shared workspaces: membership is checked again before events (a removed member stops at once). */
  recheck?: () => Promise<boolean>;
  /** The latest membership question and when it was asked. */
  check?: { startedAt: number; answer: Promise<boolean> };
}

export interface LiveHubOptions {
  repo: LiveRepo;
  log: FastifyBaseLogger;
  heartbeatMs?: number;
}

/** What a visitor sees of an event: names only, never a member's id. */
function forVisitor(event: LiveEvent): LiveEvent {
  if (event.type === "status")
    return { ...event, assignee: event.assignee ? { name: event.assignee.name } : null };
  if (event.type === "delivery") return event;
  return {
    ...event,
    message: { ...event.message, author: event.message.author ? { name: event.message.author.name } : null },
  };
}

/**
 * Live streams of this process, and the bridge to the others. Events are stored (live.repo.ts)
 * before `publish` puts them on the bus; every replica (this one included) hands each to the
 * streams it holds for that conversation or workspace. A stream never sends an event twice and
 * never skips one: the visitor's stream follows its conversation's event numbers and fills any gap
 * from the database (a message overtaken on the bus), the team's follows global ids.
 */
export function createLiveHub(options: LiveHubOptions) {
  const { repo, log } = options;
  const heartbeatMs = options.heartbeatMs ?? LIVE_LIMITS.heartbeatMs;
  const visitors = new Map<string, Set<VisitorStream>>();
  const teams = new Map<string, Set<TeamStream>>();
  const perVisitor = new Map<string, number>();
  const perIp = new Map<string, number>();
  const perMember = new Map<string, number>();
  let bus: PubSub | undefined;
  let unsubscribe: (() => void) | undefined;

  const bump = (map: Map<string, number>, key: string, by: number) => {
    const n = (map.get(key) ?? 0) + by;
    if (n <= 0) map.delete(key);
    else map.set(key, n);
  };

  /** Writes, unless the reader is too slow: then the stream ends (it resumes from the database). */
  function write(stream: StreamBase, chunk: string) {
    if (stream.closed || stream.raw.destroyed) return;
    stream.raw.write(chunk);
    if (stream.raw.writableLength > LIVE_LIMITS.maxBufferedBytes) {
      log.warn("live: a stream's reader is too slow; closing it (it resumes from the database)");
      stream.close();
    }
  }

  const enqueue = (stream: StreamBase, work: () => Promise<void> | void) => {
    stream.chain = stream.chain
      .then(() => (stream.closed ? undefined : work()))
      .catch((err) => {
        log.error({ err }, "live: a stream failed; closing it");
        stream.close();
      });
  };

  function sendToVisitor(stream: VisitorStream, e: StoredEvent) {
    if (e.seq <= stream.lastSeq) return;
    stream.lastSeq = e.seq;
    write(stream, sseFrame(e.event.type, forVisitor(e.event), e.seq));
  }

  function deliverToVisitors(e: StoredEvent) {
    for (const stream of visitors.get(e.conversationId) ?? []) {
      enqueue(stream, async () => {
        if (e.seq <= stream.lastSeq) return;
        if (e.seq > stream.lastSeq + 1) {
          // An event this stream has not seen came before this one (another replica's, overtaken
          // on the bus, or published while this stream was catching up): fill the gap in order.
          for (const missed of await repo.eventsAfterSeq(
            e.conversationId,
            stream.lastSeq,
            e.seq - stream.lastSeq,
          ))
            sendToVisitor(stream, missed);
        }
        sendToVisitor(stream, e);
      });
    }
  }

  /**
   * Whether a shared workspace's member may still read its events, asked of the auth service after
   * the event arrived (so a removed member never gets the next one). Events that arrive together
   * share one question: a check that started after an event arrived answers for it too.
   */
  async function stillMember(stream: TeamStream, arrived: number): Promise<boolean> {
    if (!stream.recheck) return true;
    if (!stream.check || stream.check.startedAt < arrived) {
      const startedAt = performance.now();
      stream.check = {
        startedAt,
        // The auth service unreachable is not a removal (the next call will tell).
        answer: stream.recheck().catch(() => true),
      };
    }
    const ok = await stream.check.answer;
    if (!ok && !stream.closed) {
      write(stream, sseFrame("gone", { code: "NOT_A_MEMBER" }));
      stream.close();
    }
    return ok;
  }

  /** Sends a stored event on a team stream once. */
  function sendToTeam(stream: TeamStream, e: StoredEvent) {
    if (stream.sent.has(e.id)) return;
    stream.sent.add(e.id);
    if (stream.sent.size > 4096) stream.sent.delete(stream.sent.values().next().value as number);
    write(stream, sseFrame(e.event.type, e.event, e.id));
  }

  function deliverToTeam(e: StoredEvent) {
    const arrived = performance.now();
    for (const stream of teams.get(e.workspaceId) ?? []) {
      enqueue(stream, async () => {
        if (stream.sent.has(e.id) || !(await stillMember(stream, arrived))) return;
        sendToTeam(stream, e);
      });
    }
  }

  function receive(message: BusMessage) {
    switch (message.k) {
      case "e":
        deliverToVisitors(message.e);
        deliverToTeam(message.e);
        return;
      case "p":
        void repo
          .eventById(message.id)
          .then((e) => {
            if (!e) return;
            deliverToVisitors(e);
            deliverToTeam(e);
          })
          .catch((err) => log.error({ err }, "live: could not read a published event"));
        return;
      case "t":
        if (message.to === "visitor") {
          for (const s of visitors.get(message.c) ?? [])
            enqueue(s, () => write(s, sseFrame("typing", { conversationId: message.c, name: message.n })));
        } else {
          for (const s of teams.get(message.o) ?? [])
            enqueue(s, () => write(s, sseFrame("typing", { conversationId: message.c, name: null })));
        }
        return;
      case "a": {
        const arrived = performance.now();
        for (const s of teams.get(message.o) ?? [])
          enqueue(s, async () => {
            if (await stillMember(s, arrived))
              write(
                s,
                sseFrame("activity", { conversationId: message.c, chatbotId: message.b, kind: message.kind }),
              );
          });
        return;
      }
      case "kick": {
        const arrived = performance.now();
        for (const s of teams.get(message.o) ?? [])
          enqueue(s, async () => void (await stillMember(s, arrived)));
        return;
      }
    }
  }

  async function send(message: BusMessage): Promise<void> {
    if (!bus) return receive(message);
    const ok = await bus.publish(LIVE_CHANNEL, JSON.stringify(message));
    if (ok || message.k !== "e") return;
    // Too big for the bus (Postgres NOTIFY takes < 8000 bytes): a pointer; receivers read it back.
    if (await bus.publish(LIVE_CHANNEL, JSON.stringify({ k: "p", id: message.e.id }))) return;
    // The bus is down: this replica's streams still get it; the others' catch up when they resume.
    log.warn("live: could not publish an event; streams on other replicas get it when they resume");
    receive(message);
  }

  const heartbeat = setInterval(() => {
    for (const set of [...visitors.values(), ...teams.values()]) for (const s of set) write(s, ": ping\n\n");
  }, heartbeatMs);
  heartbeat.unref();

  /** Opens the `text/event-stream` (headers flushed at once) and wires its end. */
  function open(request: FastifyRequest, reply: FastifyReply, onClose: () => void): StreamBase {
    const corsOrigin = reply.getHeader("access-control-allow-origin");
    const raw = writeEventStreamHead(
      request,
      reply,
      typeof corsOrigin === "string" ? { "access-control-allow-origin": corsOrigin, vary: "origin" } : {},
    );
    raw.flushHeaders();
    // Tell EventSource-style clients how soon to come back (proxies cut idle streams too).
    raw.write("retry: 2000\n\n");
    const stream: StreamBase = {
      raw,
      chain: Promise.resolve(),
      closed: false,
      close() {
        if (stream.closed) return;
        stream.closed = true;
        onClose();
        if (!raw.destroyed) raw.end();
      },
    };
    raw.on("close", () => stream.close());
    return stream;
  }

  return {
    attach(pubsub: PubSub) {
      bus = pubsub;
      unsubscribe = pubsub.subscribe(LIVE_CHANNEL, (text) => {
        try {
          receive(JSON.parse(text) as BusMessage);
        } catch (err) {
          log.error({ err }, "live: unreadable bus message");
        }
      });
    },

    /**
     * Publishes events already stored (after their transaction committed). On a bus, the events
     * are handed to it in order and the caller goes on: the bus gathers a few milliseconds of
     * messages into one statement, which nobody should wait for (a reply to send, a report to
     * acknowledge). An event the bus cannot take is given to this replica's streams (see `send`);
     * the streams of the others catch up from the stored events.
     */
    async publish(events: StoredEvent[]) {
      if (!bus) {
        for (const e of events) await send({ k: "e", e });
        return;
      }
      for (const e of events)
        void send({ k: "e", e }).catch((err) => log.error({ err }, "live: could not publish an event"));
    },

    /** Someone is typing: to the visitor's streams (an agent, by name) or the team's (the visitor). */
    typing(workspaceId: string, conversationId: string, name: string | null, to: "visitor" | "team") {
      void send({ k: "t", o: workspaceId, c: conversationId, n: name, to });
    },

    /** A bot-mode conversation changed: the team's inbox refreshes its list. */
    activity(
      workspaceId: string,
      chatbotId: string,
      conversationId: string,
      kind: "created" | "message" | "lead",
    ) {
      void send({ k: "a", o: workspaceId, c: conversationId, b: chatbotId, kind });
    },

    /** A member left or was removed: every replica re-checks the workspace's team streams now. */
    kick(workspaceId: string) {
      void send({ k: "kick", o: workspaceId });
    },

    /**
     * The visitor's stream of one conversation. `after` is the last event number the visitor has
     * (Last-Event-ID, else the number the conversation had when they loaded it): what followed is
     * replayed first, then live events follow.
     */
    openVisitor(
      request: FastifyRequest,
      reply: FastifyReply,
      input: { conversationId: string; visitorKey: string; after: number | undefined; current: number },
    ) {
      if ((perVisitor.get(input.visitorKey) ?? 0) >= LIVE_LIMITS.streamsPerVisitor)
        throw AppError.of("RATE_LIMITED", "liveChat.tooManyOpenChatWindows");
      if ((perIp.get(request.ip) ?? 0) >= LIVE_LIMITS.streamsPerIp)
        throw AppError.of("RATE_LIMITED", "liveChat.tooManyOpenChatWindowsFrom");
      bump(perVisitor, input.visitorKey, 1);
      bump(perIp, request.ip, 1);
      const set = visitors.get(input.conversationId) ?? new Set<VisitorStream>();
      visitors.set(input.conversationId, set);
      const after = input.after;
      const resumable =
        after !== undefined && after <= input.current && input.current - after <= LIVE_LIMITS.maxReplay;
      const base = open(request, reply, () => {
        set.delete(stream);
        if (set.size === 0 && visitors.get(input.conversationId) === set)
          visitors.delete(input.conversationId);
        bump(perVisitor, input.visitorKey, -1);
        bump(perIp, request.ip, -1);
      });
      const stream: VisitorStream = Object.assign(base, {
        conversationId: input.conversationId,
        visitorKey: input.visitorKey,
        ip: request.ip,
        lastSeq: resumable ? after : input.current,
      });
      // Registered before the catch-up read: whatever is published meanwhile waits in the chain.
      set.add(stream);
      enqueue(stream, async () => {
        write(stream, sseFrame("ready", { resumed: resumable }));
        const missed = resumable
          ? await repo.eventsAfterSeq(input.conversationId, stream.lastSeq, LIVE_LIMITS.maxReplay)
          : [];
        for (const e of missed) sendToVisitor(stream, e);
      });
    },

    /**
     * A signed-in member's stream of the active workspace. `after` is Last-Event-ID; without it the
     * stream starts at the workspace's newest event (the inbox has just loaded its lists).
     */
    async openTeam(
      request: FastifyRequest,
      reply: FastifyReply,
      input: {
        workspaceId: string;
        userId: string;
        after: number | undefined;
        recheck?: () => Promise<boolean>;
      },
    ) {
      const memberKey = `${input.workspaceId}:${input.userId}`;
      if ((perMember.get(memberKey) ?? 0) >= LIVE_LIMITS.streamsPerMember)
        throw AppError.of("RATE_LIMITED", "liveChat.tooManyOpenDashboardTabs");
      bump(perMember, memberKey, 1);
      let counted = true;
      try {
        const latest = await repo.latestWorkspaceEventId(input.workspaceId);
        const after = input.after;
        const resumable = after !== undefined && after <= latest;
        const set = teams.get(input.workspaceId) ?? new Set<TeamStream>();
        teams.set(input.workspaceId, set);
        const base = open(request, reply, () => {
          set.delete(stream);
          if (set.size === 0 && teams.get(input.workspaceId) === set) teams.delete(input.workspaceId);
          bump(perMember, memberKey, -1);
        });
        counted = false;
        const stream: TeamStream = Object.assign(base, {
          workspaceId: input.workspaceId,
          userId: input.userId,
          sent: new Set<number>(),
          recheck: input.recheck,
        });
        set.add(stream);
        enqueue(stream, async () => {
          if (!resumable) return write(stream, sseFrame("ready", { resumed: false }));
          // Ids are handed out before commit: one a little below `after` may have committed only
          // after the client saw `after`. So the replay starts a little earlier (the client skips ids
          // it has seen: the inbox keeps the last thousand).
          const from = Math.max(0, after - RESUME_OVERLAP);
          const read = await repo.workspaceEventsAfter(
            input.workspaceId,
            from,
            LIVE_LIMITS.maxReplay + RESUME_OVERLAP + 1,
          );
          if (read.filter((e) => e.id > after).length > LIVE_LIMITS.maxReplay) {
            // Too far behind to replay: the inbox reloads its lists instead.
            return write(stream, sseFrame("ready", { resumed: false }));
          }
          write(stream, sseFrame("ready", { resumed: true }));
          for (const e of read) sendToTeam(stream, e);
        });
      } finally {
        if (counted) bump(perMember, memberKey, -1);
      }
    },

    /** Open streams of this process (for /metrics, tests and the bench). */
    counts() {
      let v = 0;
      let t = 0;
      for (const s of visitors.values()) v += s.size;
      for (const s of teams.values()) t += s.size;
      return { visitors: v, team: t };
    },

    /** Shutdown: every stream ends now (clients resume on another replica). */
    closeAll() {
      clearInterval(heartbeat);
      for (const set of [...visitors.values(), ...teams.values()]) for (const s of [...set]) s.close();
      unsubscribe?.();
    },
  };
}
export type LiveHub = ReturnType<typeof createLiveHub>;
