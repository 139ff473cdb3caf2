import { readFileSync } from "node:fs";
import path from "node:path";
import type { Chatbot, KnowledgeSource } from "@parley/contracts";
import type { TestApp } from "../harness";
import { readSse } from "../sse-client";
import type { TokenIssuer } from "../token-issuer";

export interface Owner {
  sub: string;
  email: string;
  name: string;
}

export function builderClient(t: TestApp, issuer: TokenIssuer) {
  const auth = async (who: Owner) => ({ authorization: `Bearer ${await issuer.sign(who)}` });
  const json = async (who: Owner, method: string, p: string, body?: unknown) => {
    const res = await fetch(`${t.url}${p}`, {
      method,
      headers: {
        ...(await auth(who)),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  return {
    json,
    async createBot(who: Owner, body: Record<string, unknown> = { name: "Support bot" }): Promise<Chatbot> {
      const res = await json(who, "POST", "/api/chatbots", body);
      if (res.status !== 201) throw new Error(`create bot: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    },
    async addSource(
      who: Owner,
      botId: string,
      body: Record<string, unknown>,
    ): Promise<{ status: number; body: KnowledgeSource & { error?: { code: string; message: string } } }> {
      return json(who, "POST", `/api/chatbots/${botId}/sources`, body);
    },
    async upload(who: Owner, botId: string, fileName: string, data?: Buffer) {
      const bytes = data ?? readFileSync(path.join(import.meta.dirname, "../fixtures", fileName));
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(bytes)]), fileName);
      const res = await fetch(`${t.url}/api/chatbots/${botId}/sources`, {
        method: "POST",
        headers: await auth(who),
        body: form,
      });
      return {
        status: res.status,
        body: (await res.json()) as KnowledgeSource & { error: { code: string; message: string } },
      };
    },
    async sources(who: Owner, botId: string): Promise<KnowledgeSource[]> {
      return (await json(who, "GET", `/api/chatbots/${botId}/sources`)).body;
    },
    async ask(
      who: Owner,
      botId: string,
      content: string,
      opts: { stopAfter?: number; history?: { role: "user" | "assistant"; content: string }[] } = {},
    ) {
      const sent = performance.now();
      const res = await fetch(`${t.url}/api/chatbots/${botId}/playground/messages`, {
        method: "POST",
        headers: { ...(await auth(who)), "content-type": "application/json" },
        body: JSON.stringify({ content, ...(opts.history ? { history: opts.history } : {}) }),
      });
      return {
        status: res.status,
        headers: res.headers,
        sent,
        res,
        events: res.ok ? await readSse(res, opts) : [],
      };
    },
  };
}
