import type { MemberMail, NotificationMode, NotificationPrefs } from "@parley/contracts";
import { memberMailSchema } from "@parley/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { JobQueue } from "../../lib/job-queue";
import type { NotificationActivityRepo } from "../conversations/notification-activity.repo";
import type { WorkspaceMembersClient } from "./members-client";
import {
  DIGEST_MAX_ITEMS,
  digestMail,
  eventMail,
  type NotificationItem,
  type SourceSyncItem,
  sourceSyncMail,
} from "./notification-mail";
import type { NotificationsRepo } from "./notifications.repo";

/** One event (a handoff request, a lead): finds who wants an e-mail for it and queues theirs. */
export const NOTIFY_EVENT_JOB = "notifications.event";
/** One e-mail to one member, through the auth service (which holds SMTP and the address). */
export const NOTIFY_MAIL_JOB = "notifications.mail";
/** One member's hourly digest for a fixed window. */
export const NOTIFY_DIGEST_JOB = "notifications.digest";
/** A scheduled re-sync went wrong (failed twice, or held back): each owner is e-mailed. */
export const NOTIFY_SOURCE_SYNC_JOB = "notifications.source-sync";

/** What the owners are told about a scheduled re-sync gone wrong. */
export interface SourceSyncTrouble extends SourceSyncItem {
  workspaceId: string;
}

const HOUR_MS = 3_600_000;
/** A mail server down for a few minutes does not lose a mail: 2 s, 4 s … 4 min between tries. */
const MAIL_ATTEMPTS = 8;
/** Hourly members looked at per run of the digest job (the next run takes the rest). */
const DIGEST_BATCH = 500;

/** When nobody chose: every member (owner, admin, agent) gets each e-mail. */
export const DEFAULT_MODE: NotificationMode = "each";

export interface NotificationsDeps {
  repo: NotificationsRepo;
  activity: Pick<NotificationActivityRepo, "between">;
  members: Pick<WorkspaceMembersClient, "list" | "sendMail">;
  jobs: Pick<JobQueue, "enqueue" | "register">;
  /** The web app's address: the e-mails link to `${appUrl}/inbox/<conversationId>`. */
  appUrl: string;
  now: () => Date;
  log: FastifyBaseLogger;
}

export interface HandoffRequested {
  workspaceId: string;
  conversationId: string;
  chatbotName: string;
  /** The visitor's name or address when known (a verified customer); else "A visitor". */
  visitorLabel?: string | null;
  /** What the visitor wrote (e.g. their first question). */
  preview?: string | null;
  at: Date;
}

export interface LeadCaptured {
  workspaceId: string;
  conversationId: string;
  chatbotName: string;
  email: string;
  name?: string | null;
  at: Date;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * E-mail notifications for live chat: a visitor asks for a person, a visitor leaves their contact
 * details. Each member of the workspace chooses per workspace (member_notification_prefs):
 * `each` (the default) gets one e-mail per event, `hourly` one digest an hour listing what came
 * since the last one (none when nothing did), `none` nothing.
 *
 * Nothing here runs in the visitor's request beyond one insert into the durable job queue: the
 * members are looked up, the mails written in each recipient's language and handed to the auth
 * service in jobs, retried when the auth service or the mail server fails, and taken over by
 * another process when this one dies. Who is a member is asked when the job runs (a member removed
 * since gets nothing), and the auth service checks it again when it sends.
 */
export function createNotificationsService(deps: NotificationsDeps) {
  const { repo, activity, members, jobs, appUrl, now, log } = deps;

  async function queueEvent(workspaceId: string, item: NotificationItem) {
    await jobs.enqueue(NOTIFY_EVENT_JOB, { workspaceId, item }, { maxAttempts: MAIL_ATTEMPTS });
  }

  jobs.register(NOTIFY_EVENT_JOB, async (payload, ctx) => {
    const workspaceId = text(payload.workspaceId);
    const item = payload.item as NotificationItem;
    const [people, prefs] = await Promise.all([members.list(workspaceId), repo.forWorkspace(workspaceId)]);
    const modeOf = new Map(prefs.map((p) => [p.userId, p.email]));
    let queued = 0;
    for (const member of people) {
      if ((modeOf.get(member.userId) ?? DEFAULT_MODE) !== "each") continue;
      const mail = eventMail(item, member, appUrl);
      await jobs.enqueue(
        NOTIFY_MAIL_JOB,
        { workspaceId, userId: member.userId, mail },
        { maxAttempts: MAIL_ATTEMPTS },
      );
      queued++;
    }
    ctx.log.debug({ workspaceId, kind: item.kind, queued }, "notification e-mails queued");
  });

  jobs.register(
    NOTIFY_MAIL_JOB,
    async (payload, ctx) => {
      const workspaceId = text(payload.workspaceId);
      const userId = text(payload.userId);
      const mail: MemberMail = memberMailSchema.parse(payload.mail);
      const outcome = await members.sendMail(workspaceId, userId, mail);
      if (outcome === "not-member")
        ctx.log.info({ workspaceId, userId, topic: mail.topic }, "notification dropped: no longer a member");
    },
    {
      onGiveUp: async (payload, reason) => {
        log.error(
          { workspaceId: payload.workspaceId, userId: payload.userId, reason },
          "a notification e-mail could not be sent after every attempt",
        );
      },
    },
  );

  jobs.register(NOTIFY_SOURCE_SYNC_JOB, async (payload, ctx) => {
    const item = payload.item as SourceSyncTrouble;
    const owners = (await members.list(item.workspaceId)).filter((m) => m.role === "owner");
    for (const owner of owners) {
      const mail = sourceSyncMail(item, owner, appUrl);
      await jobs.enqueue(
        NOTIFY_MAIL_JOB,
        { workspaceId: item.workspaceId, userId: owner.userId, mail },
        { maxAttempts: MAIL_ATTEMPTS },
      );
    }
    ctx.log.info(
      { workspaceId: item.workspaceId, owners: owners.length },
      "source sync trouble: owners e-mailed",
    );
  });

  jobs.register(NOTIFY_DIGEST_JOB, async (payload, ctx) => {
    const workspaceId = text(payload.workspaceId);
    const userId = text(payload.userId);
    const pref = await repo.find(workspaceId, userId);
    // Switched to "none" since: nothing. (Switched to "each": what came before the switch is still theirs.)
    if (!pref || pref.email === "none") return;
    const { items, total } = await activity.between(
      workspaceId,
      new Date(text(payload.from)),
      new Date(text(payload.to)),
      DIGEST_MAX_ITEMS,
    );
    if (items.length === 0) return;
    const member = (await members.list(workspaceId)).find((m) => m.userId === userId);
    if (!member) {
      ctx.log.info({ workspaceId, userId }, "digest dropped: no longer a member");
      return;
    }
    const outcome = await members.sendMail(workspaceId, userId, digestMail(items, total, member, appUrl));
    if (outcome === "not-member") ctx.log.info({ workspaceId, userId }, "digest dropped: no longer a member");
  });

  return {
    /** A visitor asked for a person (the conversation waits for the team). Queues; never sends here. */
    async handoffRequested(input: HandoffRequested): Promise<void> {
      await queueEvent(input.workspaceId, {
        kind: "handoff",
        conversationId: input.conversationId,
        chatbotName: input.chatbotName,
        visitorLabel: input.visitorLabel ?? null,
        preview: input.preview ?? null,
        at: input.at.toISOString(),
      });
    },

    /** A visitor left their contact details. Queues; never sends here. */
    /** A scheduled re-sync failed twice in a row, or would have removed too much: tell the owners. */
    async sourceSyncTrouble(item: SourceSyncTrouble): Promise<void> {
      await jobs.enqueue(NOTIFY_SOURCE_SYNC_JOB, { item }, { maxAttempts: MAIL_ATTEMPTS });
    },
    async leadCaptured(input: LeadCaptured): Promise<void> {
      await queueEvent(input.workspaceId, {
        kind: "lead",
        conversationId: input.conversationId,
        chatbotName: input.chatbotName,
        email: input.email,
        name: input.name ?? null,
        at: input.at.toISOString(),
      });
    },

    /** The signed-in member's setting in the active workspace. */
    async prefs(workspaceId: string, userId: string): Promise<NotificationPrefs> {
      return { email: (await repo.find(workspaceId, userId))?.email ?? DEFAULT_MODE };
    },

    async setPrefs(
      workspaceId: string,
      userId: string,
      prefs: NotificationPrefs,
    ): Promise<NotificationPrefs> {
      await repo.save(workspaceId, userId, prefs.email, now());
      return { email: prefs.email };
    },

    /**
     * The recurring digest job: for every hourly member whose last digest is an hour old, takes the
     * window (last digest, now] (a conditional update: one replica wins it) and queues its e-mail
     * when the window holds anything. Safe in several replicas at once.
     */
    async runDigests(): Promise<{ digests: number }> {
      const at = now();
      const due = await repo.dueDigests(new Date(at.getTime() - HOUR_MS), DIGEST_BATCH);
      let digests = 0;
      for (const row of due) {
        const from = row.digestThrough;
        if (!(await repo.advanceDigest(row, at)) || !from) continue;
        const { total } = await activity.between(row.workspaceId, from, at, 1);
        if (total === 0) continue;
        await jobs.enqueue(
          NOTIFY_DIGEST_JOB,
          {
            workspaceId: row.workspaceId,
            userId: row.userId,
            from: from.toISOString(),
            to: at.toISOString(),
          },
          { maxAttempts: MAIL_ATTEMPTS },
        );
        digests++;
      }
      return { digests };
    },

    /** A deleted user's settings, in their own workspace and every other. */
    eraseUser: (userId: string) => repo.eraseUser(userId),
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
