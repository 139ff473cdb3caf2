import {
  apiAnswerSchema,
  apiAskSchema,
  apiChatbotPageSchema,
  apiLeadPageSchema,
  apiMessagePageSchema,
  apiSourcePageSchema,
  chatbotCreateSchema,
  chatbotListItemSchema,
  chatbotSchema,
  chatbotUpdateSchema,
  citationSchema,
  conversationPageSchema,
  conversationSummarySchema,
  errorBodySchema,
  knowledgeSourceSchema,
  leadRowSchema,
  sourceCreateSchema,
  transcriptMessageSchema,
  transcriptSchema,
} from "@parley/contracts";
import { z } from "zod";
import { deletedSchema } from "../../lib/route-surface";

/**
 * The public API's named schemas: `components.schemas` of /api/v1/openapi.json, each the contract's
 * own zod schema under the contract's name (`chatbotSchema` → `Chatbot`; the one error shape,
 * `errorBodySchema`, is `Error`). A route's body or response that is one of these is a `$ref`, so a
 * generated client gets named types; so is any of them met inside another.
 */
export const V1_COMPONENTS = {
  Chatbot: chatbotSchema,
  ChatbotListItem: chatbotListItemSchema,
  ApiChatbotPage: apiChatbotPageSchema,
  ChatbotCreate: chatbotCreateSchema,
  ChatbotUpdate: chatbotUpdateSchema,
  KnowledgeSource: knowledgeSourceSchema,
  ApiSourcePage: apiSourcePageSchema,
  SourceCreate: sourceCreateSchema,
  ApiAsk: apiAskSchema,
  ApiAnswer: apiAnswerSchema,
  Citation: citationSchema,
  ConversationSummary: conversationSummarySchema,
  ConversationPage: conversationPageSchema,
  Transcript: transcriptSchema,
  TranscriptMessage: transcriptMessageSchema,
  ApiMessagePage: apiMessagePageSchema,
  LeadRow: leadRowSchema,
  ApiLeadPage: apiLeadPageSchema,
  Error: errorBodySchema,
} as const;

/** The registry the document is made with (its own: the app's other zod schemas stay unnamed). */
export const v1SchemaRegistry = z.registry<{ id?: string; description?: string }>();
for (const [id, schema] of Object.entries(V1_COMPONENTS)) v1SchemaRegistry.add(schema, { id });

/** `204`: nothing in the body (described in the registry, which the document reads). */
v1SchemaRegistry.add(deletedSchema, { description: "Deleted" });

const PREFIX = "#/components/schemas/";
type Json = unknown;

function refsIn(value: Json, found: Set<string>) {
  if (Array.isArray(value)) for (const v of value) refsIn(v, found);
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if (k === "$ref" && typeof v === "string" && v.startsWith(PREFIX)) found.add(v.slice(PREFIX.length));
      else refsIn(v, found);
    }
  }
}

function renameRefs(value: Json, names: Map<string, string>): Json {
  if (Array.isArray(value)) return value.map((v) => renameRefs(v, names));
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => {
      if (k === "$ref" && typeof v === "string" && v.startsWith(PREFIX)) {
        const name = v.slice(PREFIX.length);
        return [k, `${PREFIX}${names.get(name) ?? name}`];
      }
      return [k, renameRefs(v, names)];
    }),
  );
}

/**
 * The document's components as a client wants them: only the schemas the operations use (the zod
 * plugin writes every registered schema twice, as read and as sent), and a schema only ever sent
 * (a request body: `ChatbotCreateInput`) under its own name (`ChatbotCreate`). A schema both sent
 * and read would keep both forms, `X` and `XInput`, as they may differ (defaults, transforms).
 */
export function tidyComponents<
  D extends { paths?: unknown; components?: { schemas?: Record<string, Json> } },
>(doc: D): D {
  const all = doc.components?.schemas ?? {};
  const used = new Set<string>();
  refsIn(doc.paths, used);
  for (const queue = [...used]; queue.length > 0; ) {
    const name = queue.pop() as string;
    const inner = new Set<string>();
    refsIn(all[name], inner);
    for (const n of inner) {
      if (!used.has(n)) {
        used.add(n);
        queue.push(n);
      }
    }
  }
  const names = new Map<string, string>();
  for (const name of used) {
    const base = name.endsWith("Input") ? name.slice(0, -"Input".length) : null;
    if (base && base in V1_COMPONENTS && !used.has(base)) names.set(name, base);
  }
  const schemas = Object.fromEntries(
    Object.keys(all)
      .filter((name) => used.has(name))
      .sort((a, b) => (names.get(a) ?? a).localeCompare(names.get(b) ?? b))
      .map((name) => [names.get(name) ?? name, renameRefs(all[name], names)]),
  );
  return {
    ...doc,
    paths: renameRefs(doc.paths, names),
    components: { ...doc.components, schemas },
  };
}
