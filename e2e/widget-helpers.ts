import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type APIRequestContext, type BrowserContext, expect, type Frame, type Page } from "@playwright/test";
import { AUTH, createVerifiedAccount, uniqueEmail, WEB } from "./identity-helpers";
import { scaled } from "./slowness";

// The widget on a customer's site, as it really is: the customer's pages are served from
// http://localhost:<port> while the app is http://127.0.0.1:<E2E_PORT> — two different sites (a
// site is scheme + registrable domain, and localhost and 127.0.0.1 are different hosts), so the
// chat frame is a third-party frame whose storage the browser blocks or partitions.

export const PASSWORD = "correct horse battery 42";
export const ANSWER = "Orders placed before noon are delivered the same day anywhere in Manama [1].";

export interface Listener {
  /** Where the browser reaches it: http://localhost:<port>. */
  url: string;
  port: number;
  close: () => Promise<void>;
}

export async function listen(server: Server): Promise<Listener> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://localhost:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * An OpenAI-compatible /chat/completions that streams ANSWER word by word; "ping…" gets a quick
 * "pong", and "slow…" a reply that takes a few seconds (time to close the chat meanwhile).
 */
export function startModel(): Promise<Listener> {
  const server = createServer(async (req, res) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    const messages = (JSON.parse(body) as { messages: { role: string; content: string }[] }).messages;
    const question = messages[messages.length - 1]?.content ?? "";
    const quick = question.startsWith("ping");
    const pause = question.startsWith("slow") ? 400 : quick ? 0 : 120;
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    const words = (quick ? "pong [1]." : ANSWER).split(/(?<= )/);
    for (const word of words) {
      res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: word } }] })}\n\n`);
      if (pause) await new Promise((r) => setTimeout(r, pause));
    }
    res.end("data: [DONE]\n\n");
  });
  return listen(server);
}

/** The snippet as the Embed tab gives it, plus any data-* attributes (a signed-in customer's). */
export function snippet(chatbotId: string, attrs: Record<string, string> = {}): string {
  const extra = Object.entries(attrs)
    .map(([k, v]) => ` data-${k}="${v.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}"`)
    .join("");
  return `<script src="${WEB}/embed.js" data-chatbot-id="${chatbotId}"${extra} async></script>`;
}

export function page(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>` +
    `<body><nav><a href="/">Home</a> · <a href="/delivery">Delivery</a></nav><h1>${title}</h1>${body}</body></html>`
  );
}

/**
 * A customer's site: a strict CSP (the widget must live with it: the app's origin allowed for the
 * script, its calls and its frame, nothing inline) and whatever pages `route` returns.
 */
export function startSite(route: (url: URL, req: IncomingMessage) => string | null): Promise<Listener> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const body = route(url, req);
    if (body === null) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      "content-type": url.pathname.endsWith(".js") ? "text/javascript" : "text/html; charset=utf-8",
      "content-security-policy": `default-src 'self'; script-src 'self' ${WEB}; style-src 'self'; connect-src ${WEB}; frame-src ${WEB}`,
    });
    res.end(body);
  });
  return listen(server);
}

/** The business's server signing its signed-in customer's id (what the Embed tab's snippets do). */
export const signId = (secret: string, userId: string) =>
  createHmac("sha256", secret).update(userId, "utf8").digest("hex");

/** Signs an owner up and in on the auth service; returns an API caller with their token. */
export async function ownerApi(request: APIRequestContext) {
  const email = uniqueEmail("widget.owner");
  await createVerifiedAccount(request, { name: "Wanda Widget", email, password: PASSWORD });
  const signIn = await request.post(`${AUTH}/sign-in/email`, {
    headers: { origin: AUTH },
    data: { email, password: PASSWORD },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  const tokenRes = await request.get(`${AUTH}/token`, { headers: { origin: AUTH } });
  expect(tokenRes.ok(), await tokenRes.text()).toBe(true);
  const token = ((await tokenRes.json()) as { token: string }).token;
  return {
    email,
    async call(method: string, path: string, data?: unknown) {
      const res = await request.fetch(`${WEB}/api${path}`, {
        method,
        headers: { authorization: `Bearer ${token}` },
        ...(data === undefined ? {} : { data }),
      });
      expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
      return res.json();
    },
  };
}

/** A published bot answering from the stub model, with one knowledge source, ready to chat. */
export async function publishedBot(
  api: Awaited<ReturnType<typeof ownerApi>>,
  model: Listener,
  settings: Record<string, unknown>,
): Promise<string> {
  const bot = (await api.call("POST", "/chatbots", { name: "Acme Helper" })) as { _id: string };
  await api.call("POST", `/chatbots/${bot._id}/sources`, {
    kind: "text",
    title: "Delivery policy",
    content: "Orders placed before noon are delivered the same day anywhere in Manama. Delivery costs 1 BHD.",
  });
  await expect
    .poll(
      async () =>
        ((await api.call("GET", `/chatbots/${bot._id}/sources`)) as { status: string }[])[0]?.status,
      {
        timeout: scaled(30_000),
      },
    )
    .toBe("ready");
  await api.call("PATCH", `/chatbots/${bot._id}`, {
    published: true,
    greeting: "Hi! Ask me about delivery.",
    suggestedQuestions: ["How fast is delivery?"],
    model: { provider: "openai-compatible", baseUrl: `${model.url}/v1`, model: "stub-model" },
    ...settings,
  });
  return bot._id;
}

export const launcher = (p: Page) => p.locator("parley-widget").getByRole("button").last();
export const chatFrame = (p: Page) => p.frameLocator("parley-widget iframe");
export const chatInput = (p: Page) => chatFrame(p).getByRole("textbox", { name: /^Message/ });
export const chatLog = (p: Page) => chatFrame(p).getByRole("log");
/**
 * An answer as the chat shows it: each "[n]" marker is a citation chip whose text is "n" right after
 * the word (or nothing, when the answer ends up citing no source), never the raw "[n]".
 */
export function shown(answer: string): RegExp {
  const escaped = answer.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^${escaped.replace(/ ?\\\[(\d+)\\\]/g, "(?:$1)?")}$`);
}

export const lastAnswer = (p: Page) => chatFrame(p).locator(".pw-bot:not(.pw-greeting) .pw-md").last();

export async function openChat(p: Page, chatbotId: string): Promise<Frame> {
  await launcher(p).click();
  await expect(launcher(p)).toHaveAttribute("aria-expanded", "true");
  await expect(chatInput(p)).toBeVisible();
  const frame = p.frames().find((f) => f.url().includes(`/widget/chat/${chatbotId}`));
  if (!frame) throw new Error("the chat frame is missing");
  return frame;
}

export async function ask(p: Page, question: string, answer = ANSWER) {
  await chatInput(p).fill(question);
  await chatInput(p).press("Enter");
  await expect(lastAnswer(p)).toHaveText(shown(answer), { timeout: scaled(15_000) });
}

/** Whether the chat frame's own storage works here (it must not, for the blocked-storage journey). */
export async function frameStorage(frame: Frame): Promise<string> {
  return frame.evaluate(() => {
    try {
      localStorage.setItem("parley:probe", "1");
      localStorage.removeItem("parley:probe");
      return "available";
    } catch (err) {
      return err instanceof DOMException ? err.name : "error";
    }
  });
}

let networks = 0;
/**
 * An address of its own for a visitor (as seen through the trusted proxy): every browser of the
 * e2e run comes from 127.0.0.1, and the API allows 20 new conversations an hour per address, which
 * the whole run's visitors together would exceed. Only the conversation-creating request carries it.
 */
export function visitorAddress(): string {
  networks++;
  return `10.${(process.pid % 200) + 20}.${networks >> 8}.${networks & 255}`;
}

/** Makes this browser context's visitors come from an address of their own (see visitorAddress). */
export async function fromOwnNetwork(context: BrowserContext): Promise<void> {
  const address = visitorAddress();
  await context.route(/\/api\/widget\/[^/]+\/conversations$/, (route) =>
    route.continue({ headers: { ...route.request().headers(), "x-forwarded-for": address } }),
  );
}
