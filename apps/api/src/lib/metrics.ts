import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { AppError, notFound } from "./errors";
import type { RateLimiter } from "./rate-limit";

/** Reads, at scrape time, what lives in the database rather than in this process. */
export interface MetricsSources {
  /** Jobs waiting or running, per kind and status. */
  jobCounts(): Promise<{ kind: string; status: string; n: number }[]>;
  /** Payments per state. */
  paymentCounts(): Promise<{ status: string; n: number }[]>;
}

/**
 * The API's Prometheus metrics (prom-client), one registry per app instance (tests build many
 * apps in one process). Labels are bounded: a route's pattern, never its URL; a limit's scope,
 * never the visitor or address it counted.
 */
export type AnswerOutcome = "answered" | "not_answered" | "interrupted" | "error";

export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "parley_" });
  const requestDuration = new Histogram({
    name: "parley_http_request_duration_seconds",
    help: "Time to answer an HTTP request, by route pattern",
    labelNames: ["method", "route", "status_code"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const sseOpen = new Gauge({
    name: "parley_sse_connections_open",
    help: "Answer streams (text/event-stream) open now",
    registers: [registry],
  });
  /** Live chat streams open on this replica, read when scraped (see watchLive). */
  let liveCounts: (() => { visitors: number; team: number }) | undefined;
  new Gauge({
    name: "parley_live_streams_open",
    help: "Live chat event streams open now, by side (visitor, team)",
    labelNames: ["side"],
    registers: [registry],
    collect() {
      const counts = liveCounts?.() ?? { visitors: 0, team: 0 };
      this.set({ side: "visitor" }, counts.visitors);
      this.set({ side: "team" }, counts.team);
    },
  });
  const firstToken = new Histogram({
    name: "parley_answer_first_token_seconds",
    help: "From a question's arrival to the first answer text sent, by route pattern",
    labelNames: ["route"],
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5, 10, 20],
    registers: [registry],
  });
  const rateLimited = new Counter({
    name: "parley_rate_limit_refusals_total",
    help: "Requests refused by a rate limit, by limit",
    labelNames: ["limit"],
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: "parley_job_duration_seconds",
    help: "Time a background job ran in this process, by kind and outcome",
    labelNames: ["kind", "outcome"],
    buckets: [0.1, 0.5, 1, 5, 15, 60, 300, 900],
    registers: [registry],
  });
  const answers = new Counter({
    name: "parley_answers_total",
    help: "Replies by answer engine (builtin, openai-compatible) and outcome",
    labelNames: ["engine", "outcome"],
    registers: [registry],
  });
  const answerDuration = new Histogram({
    name: "parley_answer_duration_seconds",
    help: "Time an answer engine took for a whole reply (retrieval included), by engine",
    labelNames: ["engine"],
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 60],
    registers: [registry],
  });
  let sources: MetricsSources | undefined;
  new Gauge({
    name: "parley_jobs",
    help: "Background jobs queued or running (the ingestion queue's depth), by kind and status",
    labelNames: ["kind", "status"],
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of (await sources?.jobCounts()) ?? [])
        this.set({ kind: row.kind, status: row.status }, row.n);
    },
  });
  new Gauge({
    name: "parley_payments",
    help: "Payments by state",
    labelNames: ["state"],
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of (await sources?.paymentCounts()) ?? []) this.set({ state: row.status }, row.n);
    },
  });
  return {
    registry,
    requestDuration,
    sseOpen,
    /** Where the live streams gauge reads its counts. */
    watchLive(counts: () => { visitors: number; team: number }) {
      liveCounts = counts;
    },
    firstToken,
    rateLimited,
    jobDuration,
    /** One reply by `engine`: answered, not answered (the fallback), interrupted, or failed. */
    answer(engine: string, outcome: AnswerOutcome, seconds: number) {
      answers.inc({ engine, outcome });
      answerDuration.observe({ engine }, seconds);
    },
    /** Where the database-backed gauges read from (set once the services exist). */
    readFrom(s: MetricsSources) {
      sources = s;
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;

/** `msg:visitor:abc` → `msg:visitor`: the limit, without whom it counted. */
export const limitName = (key: string) => key.split(":").slice(0, 2).join(":");

/** Counts the limiter's refusals. */
export function countingRefusals(limiter: RateLimiter, metrics: Metrics): RateLimiter {
  return {
    async hit(key, limit, windowSeconds) {
      const decision = await limiter.hit(key, limit, windowSeconds);
      if (!decision.allowed) metrics.rateLimited.inc({ limit: limitName(key) });
      return decision;
    },
    close: () => limiter.close(),
  };
}

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Request timing for every route, and GET /metrics for a scraper holding `token`. Without a
 * token configured /metrics does not exist (404); a wrong or missing bearer gets 401.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined) {
  app.addHook("onResponse", async (request, reply) => {
    const route = request.routeOptions.url;
    // Unmatched URLs (scanners, typos) share one label instead of one series each.
    metrics.requestDuration.observe(
      { method: request.method, route: route ?? "unmatched", status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  app.get("/metrics", async (request, reply) => {
    if (!token) throw notFound("Route GET /metrics");
    const header = request.headers.authorization ?? "";
    const given = header.startsWith("Bearer ") ? header.slice(7) : "";
    if (!sameSecret(given, token)) {
      reply.header("www-authenticate", 'Bearer realm="metrics"');
      throw new AppError("UNAUTHORIZED", "A valid metrics token is required");
    }
    reply.header("cache-control", "no-store").type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}
