import { createServer } from "node:http";
import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import {
  type Account,
  approveSandboxPayment,
  newAccount,
  screenshot,
  signInTo,
  VIEWPORTS,
} from "./account-helpers";
import { WEB, waitForMail } from "./identity-helpers";
import { navigateInApp } from "./navigate";
import { scaled } from "./slowness";
import { watchTexts } from "./transient";
import { fromOwnNetwork, listen } from "./widget-helpers";

// Issue #25 item 2: every screen shows each role only what it can do, from the permission map the
// API enforces (WORKSPACE_CAPABILITIES). An owner on Pro invites an admin and an agent; each of the
// three visits the same pages, the test collects the actions each page offers them (the enabled
// buttons and drop-downs of the page's main region, by accessible name), and checks:
//   (a) the agent is offered none of the changes (Add source, Delete, Re-sync, Save, Publish, Invite…),
//   (b) every action the agent is offered works when used (nothing the agent sees is refused),
//   (c) the owner (and the admin, billing aside) still sees every action.

test.setTimeout(scaled(600_000));

type Role = "owner" | "admin" | "agent";

const KNOWLEDGE =
  "Every Kettle Co. kettle has a two-year warranty. Send it back with the receipt for a free repair.";

/** The page's actions: enabled buttons and drop-downs of its main region, by accessible name. */
async function actionsOn(page: Page): Promise<string[]> {
  const snapshot = await page.locator("main").ariaSnapshot();
  const names: string[] = [];
  for (const line of snapshot.split("\n")) {
    const match = line.match(/^\s*- (button|combobox)(?: "((?:[^"\\]|\\.)*)")?(.*)$/);
    if (!match) continue;
    if (/\[disabled\]/.test(match[3] ?? "")) continue;
    names.push(`${match[1]}: ${match[2] ?? "(unnamed)"}`);
  }
  return names;
}

interface Visit {
  name: string;
  path: (botId: string) => string;
  /** Visible once the page has its data and knows the member's role. */
  ready: (page: Page) => Promise<void>;
}

const tab = (page: Page, name: string) => page.getByRole("tabpanel", { name });

const VISITS: Visit[] = [
  {
    name: "dashboard",
    path: () => "/dashboard",
    ready: async (page) => {
      await expect(page.getByRole("link", { name: "Open Kettle help" })).toBeVisible();
      await expect(page.getByRole("region", { name: "Usage" }).or(page.locator(".dash-usage"))).toBeVisible();
    },
  },
  {
    name: "knowledge",
    path: (id) => `/chatbots/${id}?tab=knowledge`,
    ready: async (page) => {
      await expect(tab(page, "Knowledge").getByRole("list", { name: "Knowledge sources" })).toBeVisible();
      await expect(tab(page, "Knowledge").getByText("Warranty")).toBeVisible();
    },
  },
  {
    name: "settings",
    path: (id) => `/chatbots/${id}?tab=settings`,
    ready: async (page) => {
      await expect(tab(page, "Settings").getByRole("textbox", { name: "Chatbot name" })).toHaveValue(
        "Kettle help",
      );
    },
  },
  {
    name: "playground",
    path: (id) => `/chatbots/${id}?tab=playground`,
    ready: async (page) => {
      await expect(tab(page, "Playground").getByRole("textbox", { name: "Message" })).toBeVisible();
    },
  },
  {
    name: "embed",
    path: (id) => `/chatbots/${id}?tab=embed`,
    ready: async (page) => {
      await expect(tab(page, "Embed").getByTestId("embed-snippet")).toBeVisible();
      await expect(tab(page, "Embed").getByRole("heading", { name: "Allowed domains" })).toBeVisible();
      // The identity card's actions come with its data (a skeleton until then; a busy machine
      // showed the page without "Create identity secret" yet).
      await expect(tab(page, "Embed").locator("[aria-busy='true']")).toHaveCount(0);
    },
  },
  {
    name: "inbox",
    path: () => "/inbox",
    ready: async (page) => {
      await expect(
        page.getByRole("list", { name: "Conversations" }).getByRole("listitem").first(),
      ).toBeVisible();
    },
  },
  {
    name: "conversation",
    path: () => "/inbox",
    ready: async (page) => {
      const row = page.getByRole("list", { name: "Conversations" }).getByRole("listitem").first();
      await row.getByRole("link").first().click();
      await expect(page.getByRole("article", { name: "Conversation with Kettle help" })).toBeVisible();
      await expect(
        page.getByRole("article").getByText("How long is the warranty on a kettle?"),
      ).toBeVisible();
    },
  },
  {
    name: "analytics",
    path: () => "/analytics",
    ready: async (page) => {
      await expect(page.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
      await expect(page.locator("main [aria-busy='true']")).toHaveCount(0);
    },
  },
  {
    name: "team",
    path: () => "/members",
    ready: async (page) => {
      await expect(page.getByTestId("member-row").first()).toBeVisible();
    },
  },
  {
    name: "billing",
    path: () => "/billing",
    ready: async (page) => {
      await expect(page.getByRole("heading", { level: 1, name: "Billing" })).toBeVisible();
      await expect(page.locator("main .skeleton")).toHaveCount(0);
    },
  },
  {
    name: "account",
    path: () => "/account",
    ready: async (page) => {
      await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();
    },
  },
];

async function collect(page: Page, botId: string): Promise<Record<string, string[]>> {
  const seen: Record<string, string[]> = {};
  for (const [i, visit] of VISITS.entries()) {
    // The first page loads the app; the rest are reached inside it, as its links reach them.
    if (i === 0) await page.goto(visit.path(botId));
    else await navigateInApp(page, visit.path(botId));
    await visit.ready(page);
    seen[visit.name] = await actionsOn(page);
  }
  return seen;
}

/** A member of the owner's workspace: signs in from the invitation link and accepts it. */
async function joinAs(
  browser: Browser,
  account: Account,
  link: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const target = new URL(link).pathname;
  await signInTo(page, account, target);
  await page.getByRole("button", { name: "Accept and join" }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: scaled(20_000) });
  return { context, page };
}

test("each role is offered only what it may do, and everything it is offered works", async ({
  page,
  browser,
  request,
}) => {
  // A customer's website the bot learns from (crawled: so the owner has a source to re-sync).
  const site = await listen(
    createServer((req, res) => {
      if (req.url === "/robots.txt") {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(
        "<!doctype html><html><head><title>Kettle Co.</title></head><body><h1>Delivery</h1><p>Kettles are delivered across Bahrain within two days.</p></body></html>",
      );
    }),
  );

  // The owner: a published bot with two sources, on Pro (five seats).
  const owner = await newAccount(request, "Olivia Owner");
  const bot = await owner.api<{ _id: string }>("POST", "/chatbots", { name: "Kettle help" });
  await owner.api("POST", `/chatbots/${bot._id}/sources`, {
    kind: "text",
    title: "Warranty",
    content: KNOWLEDGE,
  });
  await owner.api("POST", `/chatbots/${bot._id}/sources`, {
    kind: "website",
    url: `${site.url}/`,
    maxPages: 1,
  });
  await owner.api("PATCH", `/chatbots/${bot._id}`, { published: true });
  await expect
    .poll(
      async () =>
        (await owner.api<{ status: string }[]>("GET", `/chatbots/${bot._id}/sources`))
          .map((s) => s.status)
          .join(),
      { timeout: scaled(30_000) },
    )
    .toBe("ready,ready");
  const payment = await owner.api<{ payment_url: string }>("POST", "/payments/initiate", {
    amount: 25,
    planName: "Pro",
    payment_provider: "mastercard",
  });
  await page.goto(payment.payment_url);
  await approveSandboxPayment(page);

  // A visitor's conversation, so the inbox has something to open.
  const visitorContext = await browser.newContext();
  await fromOwnNetwork(visitorContext);
  const visitor = await visitorContext.newPage();
  await visitor.goto(`${WEB}/widget/chat/${bot._id}`);
  const message = visitor.getByRole("textbox", { name: /^Message/ });
  await message.fill("How long is the warranty on a kettle?");
  await message.press("Enter");
  await expect(
    visitor
      .locator(".pw-bot:not(.pw-greeting)")
      .last()
      .getByRole("button", { name: "Not helpful", exact: true }),
  ).toBeVisible({ timeout: scaled(20_000) });
  await visitorContext.close();

  // The owner invites an admin and an agent from the Team page; they join from the e-mailed link.
  const admin = await newAccount(request, "Amal Admin");
  const agent = await newAccount(request, "Adam Agent");
  await page.context().clearCookies();
  await signInTo(page, owner, "/members");
  for (const [account, role] of [
    [admin, "admin"],
    [agent, "agent"],
  ] as const) {
    await page.getByLabel("E-mail address").fill(account.email);
    await page.getByLabel("Role", { exact: true }).selectOption(role);
    await page.getByRole("button", { name: "Send invitation" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: `Invitation sent to ${account.email}` }),
    ).toBeVisible();
  }
  const linkFor = async (account: Account) => {
    const mail = await waitForMail(request, account.email, /invit/i);
    const link = mail.links.find((l) => l.includes("/invitations/"));
    if (!link) throw new Error(`no invitation link in: ${mail.text}`);
    return link;
  };
  const adminSide = await joinAs(browser, admin, await linkFor(admin));
  const agentSide = await joinAs(browser, agent, await linkFor(agent));
  const pages: Record<Role, Page> = { owner: page, admin: adminSide.page, agent: agentSide.page };

  // Every request any of them makes is answered: nothing a page does on its own is refused.
  const refused: string[] = [];
  for (const role of ["owner", "admin", "agent"] as const)
    pages[role].on("response", (response) => {
      if (response.status() === 403)
        refused.push(`${role}: ${response.request().method()} ${response.url()}`);
    });

  // The bot back to a draft, so Publish is on offer too.
  await owner.api("PATCH", `/chatbots/${bot._id}`, { published: false });
  const host = new URL(site.url).host;

  // The three go through the pages side by side, each in a browser of its own.
  const [ownerSees, adminSees, agentSees] = await Promise.all(
    (["owner", "admin", "agent"] as const).map((role) => collect(pages[role], bot._id)),
  );
  const offered: Record<Role, Record<string, string[]>> = {
    owner: ownerSees ?? {},
    admin: adminSees ?? {},
    agent: agentSees ?? {},
  };
  test.info().annotations.push({ type: "offered", description: JSON.stringify(offered) });

  // (c) The owner is offered every change; the admin too, billing aside.
  const changes: Record<string, string[]> = {
    dashboard: ["button: New chatbot"],
    knowledge: [
      "button: Add source",
      "button: Delete Warranty",
      `button: Re-sync ${host}`,
      `button: Delete ${host}`,
    ],
    settings: ["button: Add a question", "button: Delete chatbot"],
    embed: ["button: Copy tag", "button: Publish now", "button: Add", "button: Create identity secret"],
    conversation: ["button: Delete conversation", "button: Take over", "button: Close conversation"],
    analytics: ["button: Last 30 days", "combobox: Chatbot"],
    team: ["button: Send invitation", "button: Remove", "combobox: Role"],
    account: ["button: Export all my data"],
  };
  for (const [name, expected] of Object.entries(changes)) {
    expect(offered.owner[name], `owner on ${name}`).toEqual(expect.arrayContaining(expected));
    expect(offered.admin[name], `admin on ${name}`).toEqual(expect.arrayContaining(expected));
  }
  expect(offered.owner.billing).toEqual(expect.arrayContaining(["button: Upgrade to Business"]));
  expect(offered.admin.billing).toEqual([]);

  // Save appears once there is something to save (the owner edits; the agent cannot).
  await page.goto(`/chatbots/${bot._id}?tab=settings`);
  const ownerSettings = tab(page, "Settings");
  await ownerSettings.getByRole("textbox", { name: "Chatbot name" }).fill("Kettle help desk");
  await expect(ownerSettings.getByRole("button", { name: "Save changes" })).toBeEnabled();
  await ownerSettings.getByRole("button", { name: "Discard" }).click();

  // (a) The agent is offered none of the changes: the builder's pages offer nothing but the tag's
  // copy, and say why; analytics and billing say what the role covers.
  const CHANGE =
    /^(button: (Add source|Delete .+|Re-sync .+|Save changes|Save domains|Discard|Publish now|Send invitation|Resend|Revoke|Remove|New chatbot|Create your first chatbot|Create identity secret|Rotate secret|Turn off|Add a question|Add|Export all my data|(Upgrade|Downgrade) to .+)|combobox: Role.*)$/;
  // (The Account page's own actions, e-mail, password, deleting the account, are the member's own.)
  for (const [name, actions] of Object.entries(offered.agent).filter(([page]) => page !== "account"))
    expect(
      actions.filter((a) => CHANGE.test(a)),
      `changes offered to the agent on ${name}`,
    ).toEqual([]);
  for (const name of ["dashboard", "knowledge", "settings", "playground", "analytics", "billing"])
    expect(offered.agent[name], `the agent on ${name}`).toEqual([]);
  expect(offered.agent.embed).toEqual(["button: Copy tag"]);

  const agentPage = agentSide.page;
  const nav = agentPage.getByRole("navigation", { name: "App" });
  await expect(nav.getByRole("link", { name: "Inbox" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Analytics" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Billing" })).toHaveCount(0);

  await agentPage.goto(`/chatbots/${bot._id}?tab=knowledge`);
  await VISITS[1]?.ready(agentPage);
  const knowledge = tab(agentPage, "Knowledge");
  await expect(knowledge.getByRole("status")).toHaveText(
    "You can read this chatbot's knowledge. Owners and admins of the workspace can add, re-read and delete sources.",
  );
  await expect(knowledge.getByRole("heading", { name: "Add knowledge" })).toHaveCount(0);
  for (const viewport of VIEWPORTS) {
    await agentPage.setViewportSize(viewport);
    await screenshot(agentPage, "roles-agent-knowledge", { fullPage: true });
  }
  await agentPage.setViewportSize(VIEWPORTS[0]);

  // The same notice in Arabic.
  await agentPage.getByRole("button", { name: "Switch to العربية" }).click();
  await expect(tab(agentPage, "المعرفة").getByRole("status")).toHaveText(
    "يمكنك الاطلاع على معرفة روبوت المحادثة هذا. إضافة المصادر وإعادة قراءتها وحذفها متاحة لمالكي مساحة العمل ومشرفيها.",
  );
  await agentPage.setViewportSize(VIEWPORTS[1]);
  await screenshot(agentPage, "roles-agent-knowledge-ar", { fullPage: true });
  await agentPage.setViewportSize(VIEWPORTS[0]);
  await agentPage.getByRole("button", { name: /^التبديل إلى/ }).click();
  await expect(tab(agentPage, "Knowledge").getByRole("status")).toBeVisible();

  await agentPage.getByRole("tab", { name: "Settings" }).click();
  const settings = tab(agentPage, "Settings");
  await expect(settings.getByText("You can read this chatbot's settings.")).toBeVisible();
  await expect(settings.getByRole("textbox", { name: "Chatbot name" })).toBeDisabled();
  await expect(settings.getByRole("button", { name: "Save changes" })).toHaveCount(0);

  await agentPage.getByRole("tab", { name: "Embed" }).click();
  const embed = tab(agentPage, "Embed");
  await expect(embed.getByText("until an owner or admin of the workspace publishes it")).toBeVisible();
  await expect(embed.getByText("Owners and admins of the workspace can change these domains.")).toBeVisible();
  await expect(embed.getByRole("heading", { name: "Verify signed-in customers" })).toHaveCount(0);
  await screenshot(agentPage, "roles-agent-embed", { fullPage: true });

  await agentPage.goto("/billing");
  await expect(
    agentPage.getByText("Only an owner of this workspace can see and change its plan"),
  ).toBeVisible();
  await agentPage.goto("/account");
  await expect(agentPage.getByRole("button", { name: "Change password" })).toBeVisible();
  await expect(agentPage.getByRole("button", { name: "Export all my data" })).toHaveCount(0);

  // (b) Everything the agent is offered works.
  const noRefusal = async () => {
    await expect(agentPage.getByText(/does not allow this|Reference: /)).toHaveCount(0);
  };
  // Analytics: the notice's way forward.
  await agentPage.goto("/analytics");
  await expect(agentPage.getByTestId("analytics-not-for-role")).toContainText(
    "Analytics are for the workspace's owners and admins. Your role covers the inbox and the chatbots' conversations.",
  );
  await screenshot(agentPage, "roles-agent-analytics");
  await agentPage.getByRole("link", { name: "Go to the inbox" }).click();
  await expect(agentPage).toHaveURL(/\/inbox/);

  // Embed: the tag is copied.
  await agentSide.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: WEB });
  await agentPage.goto(`/chatbots/${bot._id}?tab=embed`);
  const copyTag = tab(agentPage, "Embed").getByRole("button", { name: "Copy tag" });
  const labels = await watchTexts(copyTag);
  await copyTag.click();
  // The button says so (for 2 s; recorded in the page), and the clipboard holds the tag.
  await expect.poll(labels.seen).toContain("Copied");
  expect(await agentPage.evaluate(() => navigator.clipboard.readText())).toContain(bot._id);
  expect(await agentPage.evaluate(() => navigator.clipboard.readText())).toContain(bot._id);
  await agentSide.context.clearPermissions();

  // Playground: the agent asks and gets the answer from the knowledge; Start over clears it.
  await agentPage.goto(`/chatbots/${bot._id}?tab=playground`);
  const playground = tab(agentPage, "Playground");
  await playground.getByRole("textbox", { name: "Message" }).fill("How long is the warranty?");
  await playground.getByRole("button", { name: "Send" }).click();
  await expect(playground.locator(".pg-answer").last()).toContainText("two-year warranty", {
    timeout: scaled(20_000),
  });
  await expect(playground.getByRole("button", { name: "Add knowledge that covers it" })).toHaveCount(0);
  await playground.getByRole("button", { name: "Start over" }).click();
  await expect(playground.locator(".pg-question")).toHaveCount(0);
  await noRefusal();

  // Inbox: each filter and the bot and channel choices, each from a fresh page (the visitor's
  // conversation is the bot's, on the website).
  const choice: Record<string, string> = { Chatbot: "Kettle help", Channel: "Website" };
  for (const action of offered.agent.inbox ?? []) {
    const [kind, name = ""] = action.split(": ");
    await agentPage.goto("/inbox");
    await VISITS.find((v) => v.name === "inbox")?.ready(agentPage);
    const main = agentPage.locator("main");
    if (kind === "combobox") {
      const label = choice[name];
      expect(label, `a choice for the inbox's ${name}`).toBeDefined();
      await main.getByRole("combobox", { name, exact: true }).selectOption({ label: label ?? "" });
      await expect(
        main.getByRole("list", { name: "Conversations" }).getByRole("listitem").first(),
      ).toBeVisible();
    } else {
      const button = main.getByRole("button", { name, exact: true });
      await expect(button, `${action} offered on the inbox`).toBeVisible();
      const pressable = (await button.getAttribute("aria-pressed")) !== null;
      await button.click();
      if (pressable) await expect(button).toHaveAttribute("aria-pressed", "true");
      else await expect(main.getByRole("button", { name: /…$/ })).toHaveCount(0);
    }
    await noRefusal();
  }

  // A conversation: the agent reads it, takes it over, replies, hands it back and closes it.
  await agentPage.goto("/inbox");
  await VISITS.find((v) => v.name === "conversation")?.ready(agentPage);
  const conversation = agentPage.getByRole("article", { name: "Conversation with Kettle help" });
  const inboxOnly = (offered.agent.conversation ?? []).filter(
    (a) => !(offered.agent.inbox ?? []).includes(a),
  );
  expect(inboxOnly).toEqual(["button: Take over", "button: Close conversation"]);
  await conversation.getByRole("button", { name: "Take over" }).click();
  await expect(conversation.getByText("You're handling this conversation.")).toBeVisible();
  await conversation.getByRole("textbox", { name: "Your reply" }).fill("Hello, Adam here from Kettle Co.");
  await conversation.getByRole("button", { name: "Send", exact: true }).click();
  await expect(conversation.getByRole("list", { name: "Messages" })).toContainText(
    "Hello, Adam here from Kettle Co.",
  );
  await conversation.getByRole("button", { name: "Hand back to the bot" }).click();
  await expect(conversation.getByText("The bot is answering this conversation.")).toBeVisible();
  await conversation.getByRole("button", { name: "Close conversation" }).click();
  await expect(conversation.getByText("Closed. It reopens when the visitor writes again.")).toBeVisible();
  await noRefusal();

  // Team: the agent may leave, and lands in their own workspace.
  // Creating a workspace of one's own is the person's action, open to every role (e2e/teams.spec.ts
  // creates one); of this workspace the agent may only leave it.
  expect([...(offered.agent.team ?? [])].sort()).toEqual([
    "button: Create and switch to it",
    "button: Leave workspace",
  ]);
  await agentPage.goto("/members");
  await agentPage.getByRole("button", { name: "Leave workspace" }).click();
  await agentPage.getByRole("alertdialog").getByRole("button", { name: "Leave workspace" }).click();
  await expect(agentPage).toHaveURL(/\/dashboard$/, { timeout: scaled(20_000) });
  await expect(agentPage.getByRole("heading", { level: 2, name: "Your chatbots" })).toBeVisible();
  await expect(agentPage.getByText("Kettle help")).toHaveCount(0);

  expect(refused).toEqual([]);

  await adminSide.context.close();
  await agentSide.context.close();
  await site.close();
});
