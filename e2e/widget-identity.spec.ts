import { expect, type Page, test } from "@playwright/test";
import { WEB } from "./identity-helpers";
import { scaled } from "./slowness";
import {
  ANSWER,
  ask,
  chatFrame,
  chatInput,
  chatLog,
  fromOwnNetwork,
  page as htmlPage,
  type Listener,
  openChat,
  ownerApi,
  publishedBot,
  shown,
  signId,
  snippet,
  startModel,
  startSite,
} from "./widget-helpers";

// Verified customers and hostile pages, with the customer's site on another site than the app
// (http://localhost:<port> vs http://127.0.0.1:<E2E_PORT>). The site's server signs its signed-in
// customer's id with the bot's identity secret, as the Embed tab's snippets show.

const SHOWCASE = "cb_parleyShowcase00000000";

let model: Listener;
let site: Listener;
let evil: Listener;
let chatbotId = "";
let secret = "";
/** The visitor id the showcase journey left in the customer site's storage (for the hostile page). */
let stolenVisitor = "";

const customer = (userId: string, hash: string) =>
  snippet(chatbotId, {
    "user-id": userId,
    "user-hash": hash,
    "user-email": "sara@x.example",
    "user-name": "Sara Q",
  });

const sitePages = (url: URL) => {
  const user = url.searchParams.get("user") ?? "";
  switch (url.pathname) {
    case "/account":
      return htmlPage("Your account", `<p>Signed in.</p>${customer(user, signId(secret, user))}`);
    case "/forged":
      // Someone editing the page: the id of another customer with a made-up signature.
      return htmlPage(
        "Your account",
        `<p>Signed in.</p>${customer(user, signId("a guess at the secret", user))}`,
      );
    case "/shop":
      return htmlPage(
        "Shop",
        `<button id="in" data-user="${user}" data-hash="${signId(secret, user)}">Sign in</button><button id="out">Sign out</button>` +
          `${snippet(chatbotId)}<script src="/login.js"></script>`,
      );
    // A single-page shop: signing in and out tells the widget with Parley.identify.
    case "/login.js":
      return `
        window.Parley = window.Parley || { q: [] };
        const call = (...args) => (window.Parley.q ? window.Parley.q.push(args) : window.Parley[args[0]](...args.slice(1)));
        document.getElementById("in").onclick = (e) =>
          call("identify", { userId: e.target.dataset.user, userHash: e.target.dataset.hash, name: "Sam Shopper" });
        document.getElementById("out").onclick = () => call("identify", {});`;
    case "/showcase":
      return htmlPage("Acme Coffee", snippet(SHOWCASE));
    default:
      return null;
  }
};

/** A hostile page: it frames the chat page claiming to be the customer's site, and pushes a visitor id. */
const evilPages = (url: URL) => {
  if (url.pathname === "/claim") {
    return htmlPage(
      "Totally not evil",
      `<iframe title="chat" src="${WEB}/widget/chat/${SHOWCASE}#origin=${site.url}" width="400" height="600"></iframe>` +
        `<script src="/evil.js" data-visitor="${stolenVisitor}"></script>`,
    );
  }
  if (url.pathname === "/evil.js") {
    return `
      const visitor = document.currentScript.dataset.visitor;
      window.got = [];
      addEventListener("message", (e) => window.got.push(JSON.stringify(e.data)));
      const frame = document.querySelector("iframe");
      setInterval(() => frame.contentWindow.postMessage({ parley: "init", visitor, who: {}, open: true }, "*"), 20);`;
  }
  return null;
};

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(scaled(120_000));
  const request = await playwright.request.newContext();
  const api = await ownerApi(request);
  model = await startModel();
  site = await startSite(sitePages);
  evil = await startSite(evilPages);
  chatbotId = await publishedBot(api, model, {
    allowedDomains: [`localhost:${site.port}`],
    leadCapture: true,
  });
  secret = ((await api.call("POST", `/chatbots/${chatbotId}/identity/secret`)) as { secret: string }).secret;
});

test.afterAll(async () => {
  await Promise.all([model?.close(), site?.close(), evil?.close()]);
});

const parleyLines = (p: Page) => {
  const lines: string[] = [];
  p.on("console", (m) => {
    if (m.text().startsWith("Parley:")) lines.push(m.text());
  });
  return lines;
};

test("a verified customer finds their conversation in another browser; a forged signature does not", async ({
  browser,
}) => {
  const laptop = await browser.newContext();
  await fromOwnNetwork(laptop);
  const first = await laptop.newPage();
  const firstLines = parleyLines(first);
  await first.goto(`${site.url}/account?user=cust_77`);
  await openChat(first, chatbotId);
  await ask(first, "Where is my kettle order?");
  expect(firstLines).toEqual([]);

  // Another device: its own storage, so another visitor id; the same signed customer.
  const phone = await browser.newContext();
  await fromOwnNetwork(phone);
  const second = await phone.newPage();
  await second.goto(`${site.url}/account?user=cust_77`);
  await openChat(second, chatbotId);
  await expect(chatLog(second).getByText("Where is my kettle order?")).toBeVisible();
  await expect(chatLog(second).locator(".pw-bot:not(.pw-greeting) .pw-md").last()).toHaveText(shown(ANSWER));

  // Someone else claiming to be cust_77 with a made-up signature: anonymous, told why, nothing of hers.
  const stranger = await browser.newContext();
  await fromOwnNetwork(stranger);
  const third = await stranger.newPage();
  const refused = third.waitForEvent("console", (m) => m.text().startsWith("Parley:"));
  await third.goto(`${site.url}/forged?user=cust_77`);
  await openChat(third, chatbotId);
  expect((await refused).text()).toBe(
    `Parley: customer identity refused: userHash is not the signature of userId "cust_77" with the identity secret of chatbot ${chatbotId} (hex HMAC-SHA256 of the id).`,
  );
  await expect(chatInput(third)).toBeVisible();
  await expect(chatFrame(third).getByText("Hi! Ask me about delivery.")).toBeVisible();
  await expect(chatLog(third).getByText("Where is my kettle order?")).toHaveCount(0);
  await Promise.all([laptop.close(), phone.close(), stranger.close()]);
});

test("signing in and out on a single-page shop switches the chat, and signing out leaves nothing of theirs", async ({
  page,
}) => {
  await fromOwnNetwork(page.context());
  await page.goto(`${site.url}/shop?user=cust_88`);
  await openChat(page, chatbotId);
  await ask(page, "ping as a guest", "pong [1].");

  // Signed in: this browser's conversation becomes the customer's.
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(chatLog(page).getByText("ping as a guest")).toBeVisible();
  await ask(page, "ping as Sam", "pong [1].");

  // Signed out: the next person at this computer gets an empty chat.
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(chatLog(page).getByText("ping as Sam")).toHaveCount(0);
  await expect(chatLog(page).getByText("ping as a guest")).toHaveCount(0);
  await page.reload();
  await openChat(page, chatbotId);
  await expect(chatFrame(page).getByText("Hi! Ask me about delivery.")).toBeVisible();
  await expect(chatLog(page).getByText("ping as Sam")).toHaveCount(0);
});

test("a hostile page can neither hand the chat frame a visitor id nor learn one", async ({ browser }) => {
  // A visitor chats on the customer's site (a bot that any site may embed).
  const visitorContext = await browser.newContext();
  await fromOwnNetwork(visitorContext);
  const visitor = await visitorContext.newPage();
  await visitor.goto(`${site.url}/showcase`);
  await openChat(visitor, SHOWCASE);
  await chatInput(visitor).fill("When are you open on Fridays?");
  await chatInput(visitor).press("Enter");
  await expect(chatLog(visitor)).toContainText("2 pm to 11 pm", { timeout: scaled(20_000) });
  stolenVisitor = await visitor.evaluate(() => localStorage.getItem("parley:visitor") ?? "");
  expect(stolenVisitor).not.toBe("");
  await visitorContext.close();

  // Worst case: the hostile page knows that id, frames the chat page claiming to be the customer's
  // site, and keeps pushing the id at the frame. The frame hears only its parent at the claimed
  // origin, so it starts a visitor of its own; its hello goes to the claimed origin only.
  const attackerContext = await browser.newContext();
  await fromOwnNetwork(attackerContext);
  const attacker = await attackerContext.newPage();
  await attacker.goto(`${evil.url}/claim`);
  const framed = attacker.frameLocator("iframe");
  await expect(framed.getByRole("textbox", { name: /^Message/ })).toBeVisible({ timeout: scaled(15_000) });
  await expect(framed.getByRole("log")).not.toContainText("When are you open on Fridays?");
  expect(await attacker.evaluate(() => (window as unknown as { got: string[] }).got)).toEqual([]);
  await attackerContext.close();
});
