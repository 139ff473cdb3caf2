import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import server from "../locales/ar/server";
import { serverCatalog } from "./server-catalog";
import { lookupServerMessage, matchServerMessage } from "./server-match";

/**
 * Every English message the API, the auth service and the shared zod contracts can show a person
 * has a code in `server-catalog.ts` (issue #32: the servers send the code, the apps translate it),
 * and so an Arabic entry in `locales/ar/server.ts` (every code has one: the compiler and
 * `catalogs.test.ts` check it). Issue #21: "server English text is a fallback, never what an
 * Arabic user sees".
 *
 * The messages are collected from the source with the TypeScript parser, at the places that carry
 * them to a client:
 * - API: `new AppError(code, msg)`, `sendError(…, msg)`, the messages of the errors that become a
 *   source's or an answer's error (IngestError, ModelError, OutboundBlockedError…), `message:`,
 *   `reason:`, `error:` and `embeddingError:` in object literals, and every argument passed to a
 *   parameter named `message` (rate limits: `enforceLimit(…, "Too many…")`);
 * - zod: `.min(n, msg)`, `.max(n, msg)`, `.regex(re, msg)`, `.refine(fn, msg)`, `z.email(msg)`,
 *   `{ message }` and `{ error }` (contracts, and schemas inside the API and the auth service);
 * - auth service: `APIError.from(status, { message })`, its `messages` tables, and the messages
 *   better-auth itself sends that `better-auth-messages.ts` names.
 *
 * A message is followed through constants, imports, ternaries, `??`, helper functions that return
 * it and object properties (`limitMessages(…).fileSize`). Template literals become templates:
 * `${expr}` is a `{{…}}` placeholder (a constant inside it is written out), and the catalog needs a
 * code whose English is the same template. A message built at run time from something else (`err.message`) is a
 * "dynamic site": each one is listed below, followed by hand, so a new one fails the test until
 * someone looks at where its text comes from.
 */
const root = path.resolve(import.meta.dirname, "../../../..");

const SCANNED = ["apps/api/src", "packages/contracts/src", "apps/auth/src"];

/** Whole files or folders that never talk to a person (operators, developers, other services). */
const SKIPPED_PATHS: Record<string, string> = {
  "apps/api/src/env.ts": "start-up configuration errors, read by operators in the logs",
  "apps/auth/src/env.ts": "start-up configuration errors, read by operators in the logs",
  "apps/auth/src/cli": "command-line tools for operators",
  "apps/auth/src/mail": "e-mail templates: translated through the `mail` namespace",
  "apps/auth/src/events": "the outbox to the API (service to service)",
  "apps/auth/src/db": "database schema",
  "apps/api/src/db": "database schema",
  "packages/contracts/src/webhooks/standard-webhooks.ts": "Standard Webhooks signing between services",
  "apps/api/src/modules/auth-events": "internal signed endpoint for the auth service's events",
  "apps/api/src/modules/channels/whatsapp/stand-in":
    "a development stand-in of Meta's Graph API: its errors are Meta's own English, read by Parley's code",
  "apps/auth/src/http/workspace-members.ts":
    "internal signed endpoints for the API (a workspace's members, notification e-mails)",
};

/** Messages that a person never sees in the apps, with the reason. */
const DEVELOPER_ONLY: Record<string, string> = {
  // Outgoing webhooks: read by the receiving server, or a machine reason the web app words itself.
  "This is a test event from Parley.": "the body of a webhook test event (the receiving server reads it)",
  failing: "a webhook endpoint's disabledReason code in the audit details (the web app words it)",
  // A channel send job's retry reason (the job queue's log; a person sees the give-up message).
  "waiting for Meta's report on an earlier send of {{}}": "a send job's retry reason, in the logs",
  // Meta's servers calling the WhatsApp webhook (a flood from one address).
  "Too many requests.": "the WhatsApp webhook's rate limit, read by Meta's servers",
  // Internal signed endpoints (/internal/*: the auth service and the API calling each other).
  "Request signature is invalid": "internal endpoint /internal/workspaces (auth service → API)",
  "Invalid signature": "internal membership endpoint of the auth service (API → auth service)",
  "Not a member": "internal membership endpoint of the auth service (API → auth service)",
  // Operators.
  "{{}} not found": "the notFound() helper; its only caller is /metrics (operators)",
  "A valid metrics token is required": "the /metrics endpoint for Prometheus",
  "The web app is not built": "a deployment without the built web app (operators)",
  "Route {{}} {{}} not found":
    "an API route that does not exist (developers; the apps call only real routes)",
  // Gateway callbacks and the payment event log: the gateway, not a person, reads the answer.
  "Callback signature is invalid": "gateway callback (server to server)",
  "Callback could not be verified": "gateway callback (server to server)",
  "Notification secret does not match": "MPGS webhook (server to server)",
  "BENEFIT callback carries no trandata": "BENEFIT callback (server to server)",
  "BENEFIT trandata does not decrypt with our key": "BENEFIT callback (server to server)",
  "BENEFIT trandata is empty": "BENEFIT callback (server to server)",
  "Unknown payment provider": "gateway callback URL with an unknown provider (server to server)",
  "Unknown payment": "gateway callback for a payment that does not exist (server to server)",
  "Payment initiated": "a status record in the payment's event log",
  "duplicate event": "the payment event log (payment_events.reason)",
  "unknown track id": "the payment event log (payment_events.reason)",
  "event from another provider": "the payment event log (payment_events.reason)",
  "payment already {{}}": "the payment event log (payment_events.reason)",
  "captured after the payment had expired": "the payment event log (payment_events.reason)",
  "still pending": "the payment event log (payment_events.reason)",
  "amount mismatch: got {{}} {{}}, expected {{}} {{}}": "the payment event log (payment_events.reason)",
  // The sandbox gateway's merchant API (the API calls it, never a browser).
  "Sandbox gateway: bad merchant credentials": "sandbox gateway merchant API (API → sandbox gateway)",
  "Sandbox gateway: invalid order": "sandbox gateway merchant API (API → sandbox gateway)",
  "Sandbox gateway: invalid refund": "sandbox gateway merchant API (API → sandbox gateway)",
  "Sandbox gateway: the callback URL must be this app's /api/payments/callback/sandbox":
    "sandbox gateway merchant API (API → sandbox gateway)",
  "Sandbox gateway: the return URL must be on this app's own origin":
    "sandbox gateway merchant API (API → sandbox gateway)",
  "No such sandbox order": "sandbox gateway merchant API (API → sandbox gateway)",
  // The widget's customer-identity refusals go to the embedding site's developer (the browser
  // console of the site), never to the visitor, and name our API's fields.
  "send one customer identity, not several": "identity refusal for the site's developer",
  "the customer identity is too long": "identity refusal for the site's developer",
  "the customer identity is not readable": "identity refusal for the site's developer",
  invalid: "identity refusal for the site's developer",
  "customer identity refused: {{}}.": "identity refusal for the site's developer",
  "customer identity refused: identity verification is not set up for chatbot {{}}. Create an identity secret in its Embed tab.":
    "identity refusal for the site's developer",
  "customer identity refused: this server can no longer read the identity secret of chatbot {{}}. Rotate it in the Embed tab.":
    "identity refusal for the site's developer",
  'customer identity refused: userHash is not the signature of userId "{{}}" with the identity secret of chatbot {{}} (hex HMAC-SHA256 of the id).':
    "identity refusal for the site's developer",
  "userId is empty": "identity refusal for the site's developer (widget contract)",
  "userId is longer than 256 characters": "identity refusal for the site's developer (widget contract)",
  "userId contains control characters": "identity refusal for the site's developer (widget contract)",
  "userHash must be the 64-character hex HMAC-SHA256 of userId":
    "identity refusal for the site's developer (widget contract)",
  "email is not a valid e-mail address": "identity refusal for the site's developer (widget contract)",
  "name is longer than 120 characters": "identity refusal for the site's developer (widget contract)",
  "name contains control characters": "identity refusal for the site's developer (widget contract)",
  "Missing or invalid x-parley-visitor header": "the widget script sends this header itself; for API callers",
  "Invalid visitor id": "the widget script makes the id itself; for API callers",
  // The parser child's internal kill reasons (replaced by the crash message before they are shown).
  aborted: "internal reason of the file parser (the job was aborted; nothing is stored)",
  closed: "internal reason of the file parser (replaced by the crash message)",
  // Composed from a field message: the apps show the code's message in Arabic and each field's
  // message (`details`) through useServerText, which are translated; a template here would carry
  // the English field message into the Arabic sentence.
  "Invalid request: {{}} {{}}": "VALIDATION_FAILED summary; the details carry the translated field messages",
  "Invalid request: {{}} must not contain the NUL character (\\u0000)":
    "VALIDATION_FAILED summary; the detail carries the translated field message",
  "[{{}}] must not contain the NUL character (\\u0000)":
    "auth service VALIDATION_ERROR summary naming the field path; shown by its code",
  // The embeddings endpoint's technical reasons go inside "Semantic search is off for this source:
  // {{reason}}. …", which is translated; the reason is a technical detail (status, JSON, dimensions).
  "the embeddings endpoint's address is on a private or local network, which this server does not allow":
    "technical detail inside the translated embeddingError",
  "the embeddings endpoint's answer was larger than {{}} MB":
    "technical detail inside the translated embeddingError",
  "the embeddings endpoint did not answer within {{}} s":
    "technical detail inside the translated embeddingError",
  "the embeddings endpoint could not be reached ({{}})":
    "technical detail inside the translated embeddingError",
  "the embeddings endpoint answered {{}}": "technical detail inside the translated embeddingError",
  "the embeddings endpoint answered {{}}:": "technical detail inside the translated embeddingError",
  "the embeddings endpoint's answer is not valid JSON":
    "technical detail inside the translated embeddingError",
  "the embeddings endpoint returned {{}} vectors for {{}} texts":
    "technical detail inside the translated embeddingError",
  "the embeddings endpoint's answer has a wrong or repeated index":
    "technical detail inside the translated embeddingError",
  "the embeddings endpoint returned something other than a vector of numbers":
    "technical detail inside the translated embeddingError",
  "the embeddings endpoint returned vectors of {{}} dimensions where {{}} were expected (did the model change?)":
    "technical detail inside the translated embeddingError",
  "the embeddings endpoint returned a vector with a value that is not a finite number":
    "technical detail inside the translated embeddingError",
  "the embeddings endpoint returned a vector of zeros":
    "technical detail inside the translated embeddingError",
  "something went wrong while storing the vectors": "technical detail inside the translated embeddingError",
};

/**
 * Templates whose placeholder stands for English words chosen in code (a noun by plan limit, "seat"
 * or "seats"): the table holds one key per choice instead, so no English lands in the Arabic.
 */
const EXPANSIONS: Record<string, string[]> = {
  "Your {{}} plan includes {{}} {{}}. Upgrade your plan to add more.": [
    ["chatbot", "chatbots"],
    ["message a month", "messages a month"],
    ["knowledge source", "knowledge sources"],
    ["team member", "team members"],
  ].flatMap(([one, many]) => [
    `Your {{}} plan includes 1 ${one}. Upgrade your plan to add more.`,
    `Your {{}} plan includes {{}} ${many}. Upgrade your plan to add more.`,
  ]),
  "Your {{}} plan includes {{}}, and every seat is taken by a member or a pending invitation. Upgrade your plan on the Billing page, or revoke a pending invitation, to invite someone new.":
    ["1 seat", "{{}} seats"].map(
      (seats) =>
        `Your {{}} plan includes ${seats}, and every seat is taken by a member or a pending invitation. Upgrade your plan on the Billing page, or revoke a pending invitation, to invite someone new.`,
    ),
  // "within 1 second" / "within 12 seconds": the singular is only ever said of 1.
  "The page did not load within {{}} second.": ["The page did not load within 1 second."],
  "{{}} did not load within {{}} second.": ["{{}} did not load within 1 second."],
  "The amount does not match the price of {{}}": [
    "The amount does not match the price of the selected plan",
    "The amount does not match the price of any plan",
  ],
};

/**
 * Messages built at run time from a value that is not a literal. Key: `file: expression`. Value:
 * where the text comes from (followed by hand), and the messages it can be when they are not
 * collected elsewhere (they are then checked like the others).
 */
const DYNAMIC_SITES: Record<string, { from: string; messages?: string[] }> = {
  "apps/api/src/modules/webhooks/webhooks.service.ts: blocked.message": {
    from: "OutboundBlockedError messages (collected from `new OutboundBlockedError(…)`)",
  },
  "apps/api/src/lib/errors.ts: keyed.message": {
    from: "AppError.of(code, messageKey, values): the catalog's English for a code the site names (checked by the compiler)",
  },
  "apps/api/src/lib/hot-cache.ts: key": {
    from: "a cache key given to drop(message): a log line, not for people",
  },
  "apps/api/src/modules/chat/chat.service.ts: (err as Error).message": {
    from: "ModelKeyUnreadableError's text (collected from its constructor)",
  },
  "apps/api/src/modules/chat/playground.routes.ts: err.message": {
    from: "ModelError messages (collected from `new ModelError(…)`)",
  },
  "apps/api/src/modules/knowledge/ingest/crawler.ts: startSkip?.message": {
    from: "the skip messages of the start page (collected from crawler.ts `message:`)",
  },
  "apps/api/src/modules/knowledge/ingest/extract-file.ts: opts.tooMuchText": {
    from: "limitMessages(…).text (knowledge/ingest/limits.ts)",
    messages: [
      "This document has more than {{}} characters of text, the most one source can hold on the {{}} plan. Split it into smaller files or upgrade your plan.",
    ],
  },
  "apps/api/src/modules/knowledge/ingest/parse-child.ts: request.tooManyChunks": {
    from: "limitMessages(…).fileChunks (knowledge/ingest/limits.ts)",
    messages: [
      "This document gives more than {{}} passages, the most one source can hold on the {{}} plan. Split it into smaller files or upgrade your plan.",
    ],
  },
  "apps/api/src/modules/knowledge/ingest/parse-file.ts: message.reason": {
    from: "IngestError messages sent back by the parser child (collected from `new IngestError(…)`)",
  },
  "apps/api/src/modules/knowledge/ingest/parse-file.ts: why?.message": {
    from: "TOO_MUCH_MEMORY (collected), the parser's internal reasons, and tooSlow(…) (parse-file.ts)",
    messages: [
      "Reading this file took longer than 1 second, so it was stopped. It may be malformed, or too large: split it into smaller files.",
      "Reading this file took longer than {{}} seconds, so it was stopped. It may be malformed, or too large: split it into smaller files.",
    ],
  },
  "apps/api/src/modules/knowledge/knowledge.routes.ts: limit.message": {
    from: "limitMessages(…).fileSize (collected through knowledge.service.ts)",
  },
  "apps/api/src/modules/knowledge/knowledge.routes.ts: details[0]?.message": {
    from: "zod issues of the knowledge contracts (collected from the contracts)",
  },
  "apps/api/src/modules/knowledge/knowledge.service.ts: (err as Error).message": {
    from: "IngestError from the file type check in extract-file.ts (collected from `new IngestError(…)`)",
  },
  "apps/api/src/modules/payments/providers/benefit.ts: first.errorText": {
    from: "BENEFIT's own error text (the gateway's English); an Arabic reader gets the code's message",
  },
  "apps/api/src/modules/payments/providers/mpgs.ts: (body.error as { explanation?: string } | undefined)?.explanation":
    {
      from: "the card gateway's own explanation (the gateway's English); an Arabic reader gets the code's message",
    },
  "apps/api/src/plugins/error-handler.ts: error.message": {
    from: "Fastify's own parser errors (malformed JSON, body too large, media type): English from Fastify; an Arabic reader gets the code's message",
  },
  "apps/auth/src/http/errors.ts: error.message": {
    from: "Fastify's own parser errors in the auth service; an Arabic reader gets the code's message",
  },
  "checked by hand: the sandbox pay page": {
    from: "the sandbox gateway's pay page and its decisions, which a person sees in sandbox mode",
    messages: ["This payment link is not valid", "Choose Approve, Decline or Cancel"],
  },
};

// ———————————————————————————————— the collector ————————————————————————————————

interface Found {
  /** The English text; templates have `{{}}` placeholders. */
  text: string;
  where: string;
  /** better-auth's table is lower case; its real messages differ only in case. */
  anyCase?: boolean;
}

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name !== "node_modules" && name !== "__tests__") out.push(...filesUnder(full));
    } else if (/\.ts$/.test(name) && !/\.(test|spec|d|attack\.test)\.ts$/.test(name)) out.push(full);
  }
  return out;
}

const rel = (file: string) => path.relative(root, file).split(path.sep).join("/");
const skipped = (file: string) =>
  Object.keys(SKIPPED_PATHS).some((p) => rel(file) === p || rel(file).startsWith(`${p}/`));

const sources = new Map<string, ts.SourceFile>();
function sourceOf(file: string): ts.SourceFile | undefined {
  if (!existsSync(file)) return undefined;
  let sf = sources.get(file);
  if (!sf) {
    sf = ts.createSourceFile(
      file,
      readFileSync(file, "utf8"),
      ts.ScriptTarget.Latest,
      true,
      ts.ScriptKind.TS,
    );
    sources.set(file, sf);
  }
  return sf;
}

function resolveModule(from: string, spec: string): string | undefined {
  let base: string;
  if (spec.startsWith(".")) base = path.resolve(path.dirname(from), spec);
  else if (spec === "@parley/contracts") base = path.join(root, "packages/contracts/src/index");
  else if (spec.startsWith("@parley/contracts/")) {
    const name = spec.slice("@parley/contracts/".length);
    const hit = filesUnder(path.join(root, "packages/contracts/src")).find(
      (f) => path.basename(f, ".ts") === name,
    );
    return hit;
  } else return undefined;
  base = base.replace(/\.js$/, "");
  for (const c of [`${base}.ts`, path.join(base, "index.ts")]) if (existsSync(c)) return c;
  return undefined;
}

type Decl =
  | { kind: "value"; node: ts.Expression; file: string }
  | { kind: "function"; node: ts.FunctionLikeDeclaration; file: string }
  | { kind: "param"; name: string; file: string };

/** Every declaration of `name` visible from file (its own declarations, then imports). */
function declarationsOf(file: string, name: string, seen = new Set<string>()): Decl[] {
  const key = `${file}#${name}`;
  if (seen.has(key)) return [];
  seen.add(key);
  const sf = sourceOf(file);
  if (!sf) return [];
  const out: Decl[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.name.text === name &&
      node.initializer
    ) {
      const init = node.initializer;
      if (ts.isArrowFunction(init) || ts.isFunctionExpression(init))
        out.push({ kind: "function", node: init, file });
      else out.push({ kind: "value", node: init, file });
    } else if (ts.isFunctionDeclaration(node) && node.name?.text === name && node.body) {
      out.push({ kind: "function", node, file });
    } else if (ts.isParameter(node) && ts.isIdentifier(node.name) && node.name.text === name) {
      out.push({ kind: "param", name, file });
    } else if (ts.isBindingElement(node) && ts.isIdentifier(node.name) && node.name.text === name) {
      out.push({ kind: "param", name, file });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  if (out.length) return out;
  for (const st of sf.statements) {
    if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier)) {
      const bindings = st.importClause?.namedBindings;
      if (!bindings || !ts.isNamedImports(bindings)) continue;
      for (const el of bindings.elements) {
        if (el.name.text !== name) continue;
        const target = resolveModule(file, st.moduleSpecifier.text);
        if (target) out.push(...declarationsOf(target, (el.propertyName ?? el.name).text, seen));
      }
    }
    if (ts.isExportDeclaration(st) && st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier)) {
      const names =
        st.exportClause && ts.isNamedExports(st.exportClause) ? st.exportClause.elements : undefined;
      if (names && !names.some((e) => e.name.text === name)) continue;
      const target = resolveModule(file, st.moduleSpecifier.text);
      if (target) out.push(...declarationsOf(target, name, seen));
    }
  }
  return out;
}

type Part = { text: string } | { dynamic: string; file: string } | { collectedAtCallers: true };

const PLACEHOLDER = "{{}}";

/** The texts an expression can be (a `{{}}` for each part that is not constant). */
function textsOf(expr: ts.Expression, file: string, depth = 0): Part[] {
  if (depth > 8) return [{ dynamic: expr.getText(), file }];
  const e = skipOuter(expr);
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return [{ text: e.text }];
  if (ts.isTemplateExpression(e)) {
    let texts = [e.head.text];
    for (const span of e.templateSpans) {
      const inner = constantOf(span.expression, file, depth + 1);
      const pieces = inner ?? [PLACEHOLDER];
      texts = texts.flatMap((t) => pieces.map((p) => t + p + span.literal.text));
    }
    return texts.map((text) => ({ text }));
  }
  if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const left = textsOf(e.left, file, depth + 1);
    const right = textsOf(e.right, file, depth + 1);
    const str = (p: Part) => ("text" in p ? p.text : PLACEHOLDER);
    return left.flatMap((l) => right.map((r) => ({ text: str(l) + str(r) })));
  }
  if (ts.isConditionalExpression(e))
    return [...textsOf(e.whenTrue, file, depth + 1), ...textsOf(e.whenFalse, file, depth + 1)];
  if (
    ts.isBinaryExpression(e) &&
    (e.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken ||
      e.operatorToken.kind === ts.SyntaxKind.BarBarToken)
  )
    return [...textsOf(e.left, file, depth + 1), ...textsOf(e.right, file, depth + 1)];
  if (ts.isIdentifier(e)) {
    const decls = declarationsOf(file, e.text);
    if (decls.length === 0) return [{ dynamic: e.getText(), file }];
    return decls.flatMap((d): Part[] => {
      if (d.kind === "value") return textsOf(d.node, d.file, depth + 1);
      if (d.kind === "param")
        return /message|reason|text/i.test(d.name)
          ? [{ collectedAtCallers: true }]
          : [{ dynamic: e.getText(), file }];
      return [{ dynamic: e.getText(), file }];
    });
  }
  if (ts.isCallExpression(e) && ts.isIdentifier(e.expression)) {
    const fns = declarationsOf(file, e.expression.text).filter((d) => d.kind === "function");
    if (fns.length)
      return fns.flatMap((f) => returnsOf(f.node, f.file).flatMap((r) => textsOf(r, f.file, depth + 1)));
  }
  if (ts.isPropertyAccessExpression(e)) {
    const objects = objectsOf(e.expression, file, depth + 1);
    const values = objects.flatMap(({ node, file: f }) =>
      node.properties
        .filter(
          (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText() === e.name.text,
        )
        .map((p) => ({ node: p.initializer, file: f })),
    );
    if (values.length) return values.flatMap((v) => textsOf(v.node, v.file, depth + 1));
  }
  return [{ dynamic: e.getText(), file }];
}

function skipOuter(e: ts.Expression): ts.Expression {
  while (
    ts.isParenthesizedExpression(e) ||
    ts.isAsExpression(e) ||
    ts.isNonNullExpression(e) ||
    ts.isSatisfiesExpression(e)
  )
    e = e.expression;
  return e;
}

/**
 * The values of a template's `${…}` when they are constant text (a header name, `"s"` or `""` for a
 * plural, a local `the ${plan} plan`), else undefined (the part becomes a placeholder).
 */
function constantOf(expr: ts.Expression, file: string, depth: number): string[] | undefined {
  if (depth > 8) return undefined;
  const e = skipOuter(expr);
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return [e.text];
  if (ts.isConditionalExpression(e)) {
    const a = constantOf(e.whenTrue, file, depth + 1);
    const b = constantOf(e.whenFalse, file, depth + 1);
    return a && b ? [...a, ...b] : undefined;
  }
  if (ts.isTemplateExpression(e)) {
    let texts = [e.head.text];
    for (const span of e.templateSpans) {
      const pieces = constantOf(span.expression, file, depth + 1) ?? [PLACEHOLDER];
      texts = texts.flatMap((t) => pieces.map((p) => t + p + span.literal.text));
    }
    return texts;
  }
  if (!ts.isIdentifier(e)) return undefined;
  const decls = declarationsOf(file, e.text);
  if (decls.length !== 1 || decls[0]?.kind !== "value") return undefined;
  return constantOf(decls[0].node, decls[0].file, depth + 1);
}

function returnsOf(fn: ts.FunctionLikeDeclaration, _file: string): ts.Expression[] {
  if (!fn.body) return [];
  if (!ts.isBlock(fn.body)) return [fn.body];
  const out: ts.Expression[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && node !== fn) return;
    if (ts.isReturnStatement(node) && node.expression) out.push(node.expression);
    ts.forEachChild(node, visit);
  };
  visit(fn.body);
  return out;
}

function objectsOf(
  expr: ts.Expression,
  file: string,
  depth: number,
): { node: ts.ObjectLiteralExpression; file: string }[] {
  if (depth > 8) return [];
  const e = skipOuter(expr);
  if (ts.isObjectLiteralExpression(e)) return [{ node: e, file }];
  if (ts.isIdentifier(e))
    return declarationsOf(file, e.text).flatMap((d) =>
      d.kind === "value" ? objectsOf(d.node, d.file, depth + 1) : [],
    );
  if (ts.isCallExpression(e) && ts.isIdentifier(e.expression))
    return declarationsOf(file, e.expression.text).flatMap((d) =>
      d.kind === "function" ? returnsOf(d.node, d.file).flatMap((r) => objectsOf(r, d.file, depth + 1)) : [],
    );
  return [];
}

/** Error classes whose message (argument index) is shown to a person. */
const MESSAGE_ERRORS: Record<string, number> = {
  AppError: 1,
  IngestError: 0,
  ParseFailure: 0,
  ModelError: 0,
  OutboundBlockedError: 0,
  EmbeddingError: 0,
};
/** Properties of object literals that carry a message to a client. */
const MESSAGE_PROPERTIES = new Set(["message", "reason", "error", "embeddingError", "resultMessage"]);
/** The messages `nameText` (contracts common/names.ts) is given for each rule of a name. */
const NAME_RULE_MESSAGES = new Set(["tooLong", "required", "line"]);
/** zod methods taking a message after one argument, and those taking it first. */
const ZOD_MESSAGE_SECOND = new Set([
  "min",
  "max",
  "length",
  "regex",
  "refine",
  "gt",
  "gte",
  "lt",
  "lte",
  "startsWith",
  "endsWith",
  "includes",
  "multipleOf",
]);
const ZOD_MESSAGE_FIRST = new Set([
  "email",
  "url",
  "int",
  "nonempty",
  "uuid",
  "positive",
  "nonnegative",
  "trim",
]);

/** Functions with a parameter named like a message: index by name → positions. */
function messageParameters(files: string[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  const add = (name: string, fn: ts.SignatureDeclaration) => {
    const positions = fn.parameters
      .map((p, i) =>
        ts.isIdentifier(p.name) &&
        /^(message|\w+Message)$/.test(p.name.text) &&
        p.type?.kind === ts.SyntaxKind.StringKeyword
          ? i
          : -1,
      )
      .filter((i) => i >= 0);
    if (positions.length) out.set(name, positions);
  };
  for (const file of files) {
    const sf = sourceOf(file);
    if (!sf) continue;
    const visit = (node: ts.Node) => {
      if (ts.isFunctionDeclaration(node) && node.name) add(node.name.text, node);
      if (
        ts.isVariableDeclaration(node) &&
        ts.isIdentifier(node.name) &&
        node.initializer &&
        (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))
      )
        add(node.name.text, node.initializer);
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  // The error types and the reply helpers are collected by their own rules.
  for (const name of ["sendError", "constructor"]) out.delete(name);
  return out;
}

interface Collected {
  found: Found[];
  dynamic: Map<string, string>;
  /** Sites that name their message by its code (`AppError.of(code, "session.signInToContinue")`). */
  keyed: { key: string; where: string }[];
}

function collect(): Collected {
  const files = SCANNED.flatMap((d) => filesUnder(path.join(root, d))).filter((f) => !skipped(f));
  const withMessageParams = messageParameters(files);
  const found: Found[] = [];
  const dynamic = new Map<string, string>();
  const keyed: { key: string; where: string }[] = [];

  /** `textsOnly`: a heuristic place (a `message:` property) where a value read from elsewhere is no site. */
  const take = (expr: ts.Expression | undefined, file: string, sf: ts.SourceFile, textsOnly = false) => {
    if (!expr) return;
    const line = sf.getLineAndCharacterOfPosition(expr.getStart()).line + 1;
    const where = `${rel(file)}:${line}`;
    for (const part of textsOf(expr, file)) {
      if ("text" in part) found.push({ text: part.text, where });
      else if ("dynamic" in part && !textsOnly) dynamic.set(`${rel(part.file)}: ${part.dynamic}`, where);
    }
  };

  for (const file of files) {
    const sf = sourceOf(file);
    if (!sf) continue;
    const isAuth = rel(file).startsWith("apps/auth/");
    const visit = (node: ts.Node) => {
      // new AppError(code, msg), new IngestError(msg)…
      if (ts.isNewExpression(node) && ts.isIdentifier(node.expression)) {
        const at = MESSAGE_ERRORS[node.expression.text];
        if (at !== undefined) take(node.arguments?.[at], file, sf);
      }
      // super(msg) in an error class of its own.
      if (
        ts.isCallExpression(node) &&
        node.expression.kind === ts.SyntaxKind.SuperKeyword &&
        node.arguments[0]
      ) {
        let cls: ts.Node | undefined = node.parent;
        while (cls && !ts.isClassDeclaration(cls)) cls = cls.parent;
        const arg = node.arguments[0];
        const ofError =
          cls && ts.isClassDeclaration(cls) && /\bextends Error\b/.test(cls.getText().slice(0, 300));
        if (ofError && (ts.isTemplateExpression(arg) || ts.isStringLiteral(arg))) take(arg, file, sf);
      }
      if (ts.isCallExpression(node)) {
        const callee = node.expression;
        const name = ts.isIdentifier(callee)
          ? callee.text
          : ts.isPropertyAccessExpression(callee)
            ? callee.name.text
            : undefined;
        // sendError(reply, request, code, msg)
        if (name === "sendError") take(node.arguments[3], file, sf);
        // AppError.of(code, "a.code", values): the message named by its code (the compiler checks it).
        const key = node.arguments[1];
        if (
          name === "of" &&
          ts.isPropertyAccessExpression(callee) &&
          callee.expression.getText() === "AppError" &&
          key &&
          ts.isStringLiteral(key)
        )
          keyed.push({
            key: key.text,
            where: `${rel(file)}:${sf.getLineAndCharacterOfPosition(key.getStart()).line + 1}`,
          });
        // nameText({ tooLong, required, line }): the one rule for names people see (contracts).
        const rules = name === "nameText" ? node.arguments[0] : undefined;
        if (rules && ts.isObjectLiteralExpression(rules))
          for (const p of rules.properties)
            if (ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && NAME_RULE_MESSAGES.has(p.name.text))
              take(p.initializer, file, sf);
        // enforceLimit(…, message), limit(…, message)…
        const positions = name ? withMessageParams.get(name) : undefined;
        if (positions && (ts.isIdentifier(callee) || name === "limit"))
          for (const i of positions) take(node.arguments[i], file, sf);
        // zod: .min(1, "…"), .regex(re, "…"), z.email("…")
        if (name && ts.isPropertyAccessExpression(callee)) {
          const at = ZOD_MESSAGE_SECOND.has(name) ? 1 : ZOD_MESSAGE_FIRST.has(name) ? 0 : -1;
          const arg = at >= 0 ? node.arguments[at] : undefined;
          if (
            arg &&
            (ts.isStringLiteral(arg) ||
              ts.isTemplateExpression(arg) ||
              ts.isNoSubstitutionTemplateLiteral(arg))
          )
            take(arg, file, sf);
        }
      }
      // { message: "…" } and the like: zod options, APIError bodies, stored source errors.
      if (
        ts.isPropertyAssignment(node) &&
        (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name)) &&
        MESSAGE_PROPERTIES.has(node.name.text)
      ) {
        const value = skipOuter(node.initializer);
        const typed = ts.isObjectLiteralExpression(node.parent);
        // Not a type, a boolean or a nested object.
        if (typed && !ts.isObjectLiteralExpression(value) && !ts.isArrayLiteralExpression(value)) {
          if (value.kind !== ts.SyntaxKind.NullKeyword && value.kind !== ts.SyntaxKind.TrueKeyword)
            take(value, file, sf, true);
        }
      }
      if (ts.isShorthandPropertyAssignment(node) && MESSAGE_PROPERTIES.has(node.name.text))
        take(node.name, file, sf, true);
      // The auth service's `messages` tables (code → message).
      if (
        isAuth &&
        ts.isVariableDeclaration(node) &&
        ts.isIdentifier(node.name) &&
        /^messages$/i.test(node.name.text) &&
        node.initializer &&
        ts.isObjectLiteralExpression(node.initializer)
      ) {
        for (const p of node.initializer.properties)
          if (ts.isPropertyAssignment(p)) take(p.initializer, file, sf);
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }

  // better-auth's own messages, as better-auth-messages.ts names them (lower case).
  const baFile = path.join(root, "packages/contracts/src/auth/better-auth-messages.ts");
  const baSf = sourceOf(baFile);
  baSf?.forEachChild(function visit(node): void {
    if (ts.isVariableDeclaration(node) && node.name.getText() === "CODE_BY_MESSAGE" && node.initializer) {
      const obj = skipOuter(node.initializer);
      if (ts.isObjectLiteralExpression(obj))
        for (const p of obj.properties)
          if (ts.isPropertyAssignment(p)) {
            const key = ts.isStringLiteral(p.name) ? p.name.text : p.name.getText();
            found.push({ text: key, where: rel(baFile), anyCase: true });
          }
    }
    ts.forEachChild(node, visit);
  });

  for (const site of Object.values(DYNAMIC_SITES))
    for (const text of site.messages ?? []) found.push({ text, where: "checked by hand" });
  return { found, dynamic, keyed };
}

// ———————————————————————————————— the checks ————————————————————————————————

const normalise = (text: string) => text.trim().replace(/\{\{\w*\}\}/g, PLACEHOLDER);
/** The catalog's English texts (placeholders unnamed) → their codes. */
const tableKeys = new Map(Object.entries(serverCatalog).map(([code, english]) => [normalise(english), code]));
const tableKeysAnyCase = new Set(Object.values(serverCatalog).map((e) => normalise(e).toLowerCase()));

/** Whether the message has a code in the catalog (so the servers send it, and Arabic readers get Arabic). */
function translated(f: Found): boolean {
  const text = normalise(f.text);
  if (f.anyCase) return tableKeysAnyCase.has(text.toLowerCase());
  const expanded = EXPANSIONS[text];
  if (expanded) return expanded.every((e) => tableKeys.has(normalise(e)));
  if (tableKeys.has(text)) return true;
  // A template whose placeholders cover parts that are constant here also gives it a code.
  return !text.includes(PLACEHOLDER) && matchServerMessage(text) !== null;
}

/** Looks like text for a person: has a letter, and is not an identifier or a code. */
const isSentence = (t: string) =>
  /\p{L}/u.test(t) && !/^[A-Z0-9_]+$/.test(t) && !/^[a-z]+[A-Z]\w*$/.test(t) && !/^[a-z]+(_[a-z]+)+$/.test(t);

describe("server messages in Arabic", () => {
  const { found, dynamic, keyed } = collect();
  const messages = found.filter((f) => isSentence(f.text));
  const unique = new Map<string, Found>();
  for (const f of messages) if (!unique.has(normalise(f.text))) unique.set(normalise(f.text), f);
  // SERVER_MESSAGES_DUMP=file.json writes what was collected, for whoever fills the table.
  const dump = process.env.SERVER_MESSAGES_DUMP;
  if (dump)
    writeFileSync(
      dump,
      JSON.stringify({ messages: [...unique.values()], dynamic: Object.fromEntries(dynamic) }, null, 1),
    );

  it("collects the servers' messages", () => {
    // A sanity floor: the collector still finds the API's, the contracts' and the auth service's texts.
    expect(unique.size).toBeGreaterThan(150);
    for (const sample of [
      "Too many requests with this API key. Please slow down and try again in a minute.",
      "Too many messages from your network. Please try again later.",
      "Please enter a valid email address",
      "Thanks, {{}}. We have your message and will reply to {{}} within one business day.",
      "Choose one role: owner, admin or agent.",
      "invalid email or password",
    ])
      expect([...unique.keys()], sample).toContain(sample);
  });

  it("has a catalog code (and so Arabic) for every message a person can see", () => {
    const missing = [...unique.values()]
      .filter((f) => !(normalise(f.text) in DEVELOPER_ONLY))
      .filter((f) => !translated(f))
      .map((f) => `${f.where}  ${JSON.stringify(f.text)}`)
      .sort();
    expect(
      missing,
      `messages with no code in i18n/server-catalog.ts (add one, and its Arabic in locales/ar/server.ts):\n${missing.join("\n")}`,
    ).toEqual([]);
  });

  it("finds the sites that name their message by its code, and every code is the catalog's", () => {
    expect(keyed.length).toBeGreaterThan(0);
    expect(
      keyed.filter((k) => !Object.hasOwn(serverCatalog, k.key)).map((k) => `${k.where}  ${k.key}`),
    ).toEqual([]);
  });

  it("follows every message built at run time by hand", () => {
    const unknown = [...dynamic.entries()]
      .filter(([site]) => !(site in DYNAMIC_SITES))
      .map(([site, where]) => `${where}  ${site}`)
      .sort();
    expect(
      unknown,
      `messages built from a value: follow each to its source, then list it in DYNAMIC_SITES`,
    ).toEqual([]);
  });

  it("keeps its lists current", () => {
    const stale = Object.keys(DEVELOPER_ONLY).filter((k) => !unique.has(normalise(k)));
    expect(stale, "DEVELOPER_ONLY entries the collector no longer finds").toEqual([]);
    const gone = Object.keys(DYNAMIC_SITES).filter((k) => !dynamic.has(k) && !DYNAMIC_SITES[k]?.messages);
    expect(gone, "DYNAMIC_SITES entries the collector no longer finds").toEqual([]);
    for (const p of Object.keys(SKIPPED_PATHS)) expect(existsSync(path.join(root, p)), p).toBe(true);
  });

  it("never gives a developer-only message a code (they stay out of the catalog)", () => {
    expect(Object.keys(DEVELOPER_ONLY).filter((k) => tableKeys.has(normalise(k)))).toEqual([]);
    // Nor does the servers' matching find one for them (no template swallows them).
    const sample = (k: string) => k.replaceAll(PLACEHOLDER, "x1");
    expect(Object.keys(DEVELOPER_ONLY).filter((k) => matchServerMessage(sample(k)) !== null)).toEqual([]);
  });

  it("resolves each collected message to its code, with its values, as the servers will", () => {
    // What a throw site sends (sample values in place of `${…}`) finds the code whose English it is.
    const wrong: string[] = [];
    for (const f of unique.values()) {
      const code = tableKeys.get(normalise(f.text));
      if (!code || f.anyCase) continue;
      const sent = normalise(f.text).replaceAll(PLACEHOLDER, "«v»");
      const found = matchServerMessage(sent, serverCatalog);
      if (found?.messageKey !== code)
        wrong.push(`${f.where}  ${JSON.stringify(f.text)} → ${found?.messageKey}`);
    }
    expect(wrong).toEqual([]);
  });

  it("gives an Arabic reader Arabic for the messages the contact and support pages show", () => {
    expect(
      lookupServerMessage(
        server,
        "Thanks, Layla. We have your message and will reply to layla@example.com within one business day.",
        serverCatalog,
      ),
    ).toMatch(/Layla.*layla@example\.com|layla@example\.com.*Layla/s);
  });
});
