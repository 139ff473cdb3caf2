import { isUtf8 } from "node:buffer";
import {
  channelListSchema,
  channelSchema,
  fillTemplate,
  idText,
  liveMessageSchema,
  templatePlaceholders,
  templateSendSchema,
  whatsappConnectSchema,
  whatsappTemplateListSchema,
} from "@parley/contracts";
import { constantTimeEqual } from "@parley/contracts/server";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/errors";
import { enforceLimit, type RateLimiter } from "../../lib/rate-limit";
import { actorOf, workspaceOf } from "../../plugins/auth";
import { limitAgentMessages, memberOf } from "../conversations/live.routes";
import type { LiveService } from "../conversations/live.service";
import type { ChannelAdapter } from "./channel-adapter";
import type { ChannelJobs } from "./channel-jobs";
import type { ChannelsService } from "./channels.service";

const botParams = z.object({ id: idText() });
const idParams = z.object({ id: idText() });

/**
 * A bot's messaging channels, for its owners and admins (`channels:manage`), and the templates a
 * member may send in a WhatsApp conversation whose 24-hour window has closed. Never cached: the
 * answers name a verify token.
 */
export const channelsRoutes: FastifyPluginAsyncZod<{
  channels: ChannelsService;
  live: LiveService;
  limiter: RateLimiter;
}> = async (app, { channels, live, limiter }) => {
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  app.get(
    "/chatbots/:id/channels",
    { schema: { params: botParams, response: { 200: channelListSchema } } },
    async (request) => channels.list(workspaceOf(request, "channels:manage"), request.params.id),
  );

  app.post(
    "/chatbots/:id/channels/whatsapp",
    { schema: { params: botParams, body: whatsappConnectSchema, response: { 201: channelSchema } } },
    async (request, reply) => {
      const workspaceId = workspaceOf(request, "channels:manage");
      // Each attempt calls Meta: a few a minute is plenty for a person typing credentials.
      await enforceLimit(
        limiter,
        reply,
        `channel-connect:${workspaceId}`,
        10,
        60,
        "Too many attempts to connect a number. Please wait a minute and try again.",
      );
      const channel = await channels.connectWhatsapp(
        workspaceId,
        request.params.id,
        request.body,
        actorOf(request),
      );
      return reply.status(201).send(channel);
    },
  );

  app.delete("/channels/:id", { schema: { params: idParams } }, async (request, reply) => {
    await channels.disconnect(workspaceOf(request, "channels:manage"), request.params.id, actorOf(request));
    return reply.status(204).send();
  });

  app.get(
    "/conversations/:id/templates",
    { schema: { params: idParams, response: { 200: whatsappTemplateListSchema } } },
    async (request, reply) => {
      const workspaceId = workspaceOf(request, "inbox:read");
      const { channelId } = await live.channelOf(workspaceId, request.params.id);
      if (!channelId) throw AppError.of("CONFLICT", "channels.templatesForWhatsappConversationsOnly");
      await enforceLimit(
        limiter,
        reply,
        `templates:${workspaceId}`,
        30,
        60,
        "Too many requests for templates. Please wait a moment and try again.",
      );
      return channels.templates(workspaceId, channelId);
    },
  );

  app.post(
    "/conversations/:id/template",
    { schema: { params: idParams, body: templateSendSchema, response: { 201: liveMessageSchema } } },
    async (request, reply) => {
      const workspaceId = workspaceOf(request, "inbox:read");
      const member = memberOf(request);
      await limitAgentMessages(limiter, reply, member);
      const { channelId } = await live.channelOf(workspaceId, request.params.id);
      if (!channelId) throw AppError.of("CONFLICT", "channels.templatesForWhatsappConversationsOnly");
      const { name, language, parameters } = request.body;
      // Checked against the template as Meta has it now, so a wrong count never reaches Meta.
      const template = (await channels.templates(workspaceId, channelId)).find(
        (t) => t.name === name && t.language === language,
      );
      if (!template)
        throw new AppError(
          "NOT_FOUND",
          `There is no approved template "${name}" in ${language}. It may have been paused or deleted in Meta.`,
        );
      const expected = templatePlaceholders(template.body).length;
      if (parameters.length !== expected)
        throw new AppError(
          "VALIDATION_FAILED",
          expected === 1
            ? `This template takes 1 value, not ${parameters.length}.`
            : `This template takes ${expected} values, not ${parameters.length}.`,
        );
      const message = await live.reply(
        workspaceId,
        member,
        request.params.id,
        fillTemplate(template.body, parameters),
        {
          name,
          language,
          parameters,
        },
      );
      return reply.status(201).send(message);
    },
  );
};

const webhookParams = z.object({ id: z.string().max(200) });
const handshake = z.object({
  "hub.mode": z.string().max(64).optional(),
  "hub.verify_token": z.string().max(512).optional(),
  "hub.challenge": z.string().max(512).optional(),
});

/**
 * What Meta calls (`callbackUrl`): the GET handshake when the webhook is set up, and every
 * delivery. Public, and hostile until verified: a delivery is read only with a valid signature
 * over its raw bytes, stored (as jobs) before it is acknowledged, and answered by the job queue.
 * Unknown channels and bad signatures get the same plain refusal, and nothing is processed.
 */
export const channelWebhookRoutes: FastifyPluginAsyncZod<{
  channels: ChannelsService;
  jobs: ChannelJobs;
  adapters: Record<"whatsapp", ChannelAdapter>;
  limiter: RateLimiter;
}> = async (app, { channels, jobs, adapters, limiter }) => {
  // The raw bytes, for the signature: Meta signs its own serialisation, not a re-serialised one
  // (these routes only: the plugin's scope).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 1024 * 1024 }, (_req, body, done) =>
    done(null, body),
  );

  app.get(
    "/channels/whatsapp/:id/webhook",
    { schema: { params: webhookParams, querystring: handshake } },
    async (request, reply) => {
      const channel = await channels.forWebhook(request.params.id);
      const q = request.query;
      const ok =
        channel !== undefined &&
        q["hub.mode"] === "subscribe" &&
        typeof q["hub.verify_token"] === "string" &&
        constantTimeEqual(q["hub.verify_token"], channels.verifyTokenOf(channel.row)) &&
        typeof q["hub.challenge"] === "string";
      if (!ok) return reply.status(403).type("text/plain").send("Forbidden");
      // The challenge back as plain text, exactly: what Meta checks.
      return reply.status(200).type("text/plain").send(q["hub.challenge"]);
    },
  );

  app.post(
    "/channels/whatsapp/:id/webhook",
    { schema: { params: webhookParams } },
    async (request, reply) => {
      // Per address: a flood of forged deliveries costs a lookup and an HMAC each, and stops here.
      await enforceLimit(limiter, reply, `channel-webhook:${request.ip}`, 6000, 60, "Too many requests.");
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const channel = await channels.forWebhook(request.params.id);
      const adapter = channel ? adapters[channel.row.kind] : undefined;
      if (!channel || !adapter?.verify(channel, raw, request.headers))
        return reply.status(401).type("text/plain").send("Invalid signature");
      // Read as bytes for the signature: decoding invalid UTF-8 would store U+FFFD in its place.
      if (!isUtf8(raw)) return reply.status(400).type("text/plain").send("Not UTF-8");
      let body: unknown;
      try {
        body = JSON.parse(raw.toString("utf8"));
      } catch {
        return reply.status(400).type("text/plain").send("Not JSON");
      }
      const parsed = adapter.parse(channel, body);
      // Signed, but not a WhatsApp delivery (another product's event): acknowledged, ignored.
      if (!parsed) return reply.status(200).send({ received: true, queued: 0 });
      const queued = await jobs.receive(channel, parsed);
      return reply.status(200).send({ received: true, queued });
    },
  );
};
