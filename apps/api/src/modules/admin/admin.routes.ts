import swagger from "@fastify/swagger";
import {
  ADMIN_STEP_UP_SECONDS,
  adminActionListSchema,
  adminBotSuspensionSchema,
  adminDowngradeSchema,
  adminGrantSchema,
  adminHealthSchema,
  adminMeSchema,
  adminMessageSchema,
  adminPaymentDetailSchema,
  adminPaymentListSchema,
  adminPaymentsQuerySchema,
  adminPlanListSchema,
  adminPlanPatchSchema,
  adminPlanSchema,
  adminRefundRequestSchema,
  adminResolveSchema,
  adminSearchQuerySchema,
  adminSuspendSchema,
  adminWorkspaceDetailSchema,
  adminWorkspaceSearchSchema,
  adminWorkspaceSuspensionSchema,
  idText,
  subscriptionDetailsSchema,
} from "@parley/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { createJsonSchemaTransform } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/errors";
import { authOf, bearerToken, staffOf } from "../../plugins/auth";
import type { AdminService } from "./admin.service";

const params = z.object({ id: idText() });
const trackParams = z.object({ trackId: idText() });
const reasonBody = z.object({ reason: adminSuspendSchema.shape.reason });
/** A console route's options: its documentation (behind a staff token) and its schemas. */
const operation = <const S extends object>(operationId: string, summary: string, schema: S) => ({
  schema: { operationId, tags: ["Admin"], summary, security: [{ staffToken: [] }], ...schema },
});

/**
 * The operator's console's API (issue #33), under `/api/admin`: platform staff only (`staffOf`).
 * Reads for `admin` and `support`; every change for `admin` with a recent sign-in and a reason.
 * Its OpenAPI document is at `/api/admin/openapi.json`, for staff too.
 */
export const adminRoutes: FastifyPluginAsyncZod<{
  admin: AdminService;
  now: () => Date;
  /** The access-token check of the dashboard's routes (runs after the API-key refusal). */
  authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}> = async (app, { admin, now, authenticate }) => {
  // An API key acts for one workspace and never reaches the console: refused outright (403), not
  // read as a broken sign-in.
  app.addHook("onRequest", async (request) => {
    const token = bearerToken(request);
    if (token?.startsWith("prly_")) {
      throw AppError.of("FORBIDDEN", "console.apiKeysCannotUseOperators");
    }
  });
  app.addHook("onRequest", authenticate);
  // Nothing the console answers is kept by a browser or a proxy.
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Parley operator's console API",
        version: "1",
        description:
          "Platform staff only (the `admin` and `support` platform roles). Changes need `admin`, a sign-in within the last 10 minutes and a reason; each is written to the platform audit log.",
      },
      components: {
        securitySchemes: {
          staffToken: { type: "http", scheme: "bearer", description: "A staff access token" },
        },
      },
    },
    transform: createJsonSchemaTransform({}),
  });
  let document: unknown;
  app.get("/openapi.json", { schema: { hide: true } }, async (request) => {
    staffOf(request, "read", now());
    document ??= app.swagger();
    return document;
  });

  app.get(
    "/me",
    operation("adminMe", "Who is signed in to the console, and until when changes are allowed", {
      response: { 200: adminMeSchema },
    }),
    async (request) => {
      const staff = staffOf(request, "read", now());
      const at = authOf(request).claims.authTime;
      return {
        role: staff.role,
        email: staff.email,
        changesUntil:
          staff.role === "admin" && at !== undefined
            ? new Date((at + ADMIN_STEP_UP_SECONDS) * 1000).toISOString()
            : null,
      };
    },
  );

  app.get(
    "/workspaces",
    operation("adminSearchWorkspaces", "Find workspaces by e-mail, name, workspace id or payment reference", {
      querystring: adminSearchQuerySchema,
      response: { 200: adminWorkspaceSearchSchema },
    }),
    async (request) => {
      staffOf(request, "read", now());
      return admin.searchWorkspaces(request.query.q);
    },
  );

  app.get(
    "/workspaces/:id",
    operation(
      "adminGetWorkspace",
      "A workspace: plan, members, bots, usage, payments, keys, webhooks, channels",
      { params, response: { 200: adminWorkspaceDetailSchema } },
    ),
    async (request) => {
      staffOf(request, "read", now());
      return admin.workspace(request.params.id);
    },
  );

  app.post(
    "/workspaces/:id/subscription",
    operation("adminGrantPlan", "Grant or extend a plan until a date, with a reason", {
      params,
      body: adminGrantSchema,
      response: { 200: subscriptionDetailsSchema },
    }),
    async (request) => {
      const staff = staffOf(request, "write", now());
      return admin.grant(request.params.id, request.body, staff);
    },
  );

  app.get(
    "/payments",
    operation("adminListPayments", "Payments, newest first, filtered by reference, state and provider", {
      querystring: adminPaymentsQuerySchema,
      response: { 200: adminPaymentListSchema },
    }),
    async (request) => {
      staffOf(request, "read", now());
      return admin.payments(request.query);
    },
  );

  app.get(
    "/payments/:trackId",
    operation("adminGetPayment", "A payment with every gateway event recorded for it", {
      params: trackParams,
      response: { 200: adminPaymentDetailSchema },
    }),
    async (request) => {
      staffOf(request, "read", now());
      return admin.payment(request.params.trackId);
    },
  );

  app.post(
    "/payments/:trackId/inquire",
    operation("adminInquirePayment", "Ask the gateway about a pending payment now, and apply its answer", {
      params: trackParams,
      body: reasonBody,
      response: { 200: adminPaymentDetailSchema },
    }),
    async (request) => {
      const staff = staffOf(request, "write", now());
      return admin.inquire(request.params.trackId, { actor: staff, reason: request.body.reason });
    },
  );

  app.post(
    "/payments/:trackId/resolve",
    operation(
      "adminResolvePayment",
      "Resolve a payment held for review: grant the plan as paid, or decline",
      { params: trackParams, body: adminResolveSchema, response: { 200: adminPaymentDetailSchema } },
    ),
    async (request) => {
      const staff = staffOf(request, "write", now());
      return admin.resolveHeld(request.params.trackId, request.body.decision, {
        actor: staff,
        reason: request.body.reason,
      });
    },
  );

  app.post(
    "/payments/:trackId/refund",
    operation(
      "adminRefundPayment",
      "Refund (part of) a captured payment through its gateway, with the plan's consequence",
      { params: trackParams, body: adminRefundRequestSchema, response: { 200: adminPaymentDetailSchema } },
    ),
    async (request) => {
      const staff = staffOf(request, "write", now());
      return admin.refund(request.params.trackId, request.body, staff);
    },
  );

  app.post(
    "/workspaces/:id/subscription/downgrade",
    operation(
      "adminScheduleDowngrade",
      "Schedule a downgrade at the end of the paid period (planId), or cancel the scheduled one (planId null)",
      { params, body: adminDowngradeSchema, response: { 200: adminMessageSchema } },
    ),
    async (request) => {
      const staff = staffOf(request, "write", now());
      const result = await admin.downgrade(request.params.id, request.body, staff);
      return { message: result.message };
    },
  );

  app.get(
    "/plans",
    operation("adminListPlans", "Every plan, retired ones too, with its version", {
      response: { 200: adminPlanListSchema },
    }),
    async (request) => {
      staffOf(request, "read", now());
      return admin.plans();
    },
  );

  app.patch(
    "/plans/:id",
    operation("adminEditPlan", "Edit a plan's price, limits, features and texts (en and ar), or retire it", {
      params,
      body: adminPlanPatchSchema,
      response: { 200: adminPlanSchema },
    }),
    async (request) => {
      const staff = staffOf(request, "write", now());
      return admin.editPlan(request.params.id, request.body, staff);
    },
  );

  // Suspending and lifting a suspension, for a chatbot or a whole workspace: the same route four
  // times over, a reason each.
  const suspensions = [
    {
      path: "/chatbots/:id",
      response: adminBotSuspensionSchema,
      set: admin.setSuspension,
      suspend: ["adminSuspendChatbot", 'Suspend a chatbot: it answers "unavailable" everywhere'],
      lift: ["adminUnsuspendChatbot", "Lift a chatbot's suspension"],
    },
    {
      path: "/workspaces/:id",
      response: adminWorkspaceSuspensionSchema,
      set: admin.setWorkspaceSuspension,
      suspend: ["adminSuspendWorkspace", 'Suspend a whole workspace: every bot answers "unavailable"'],
      lift: ["adminUnsuspendWorkspace", "Lift a workspace's suspension"],
    },
  ] as const;
  for (const target of suspensions) {
    for (const suspend of [true, false]) {
      const [operationId, summary] = suspend ? target.suspend : target.lift;
      app.post(
        `${target.path}/${suspend ? "suspend" : "unsuspend"}`,
        operation(operationId, summary, { params, body: reasonBody, response: { 200: target.response } }),
        async (request) => {
          const staff = staffOf(request, "write", now());
          return target.set(request.params.id, suspend, { actor: staff, reason: request.body.reason });
        },
      );
    }
  }

  app.get(
    "/health",
    operation(
      "adminHealth",
      "Job queue, failing webhooks, ingestion failures, payments backlog, volume, revenue",
      { response: { 200: adminHealthSchema } },
    ),
    async (request) => {
      staffOf(request, "read", now());
      return admin.health();
    },
  );

  app.get(
    "/actions",
    operation("adminRecentActions", "The platform audit log, newest first", {
      response: { 200: adminActionListSchema },
    }),
    async (request) => {
      staffOf(request, "read", now());
      return { items: await admin.recentActions(50) };
    },
  );
};
