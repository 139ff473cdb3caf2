import { type APIRequestContext, expect, test } from "@playwright/test";
import { approveSandboxPayment, newAccount, PASSWORD, screenshot } from "./account-helpers";
import { AUTH, SIGN_IN_PAGE, uniqueEmail, verificationLink, WEB, waitForMail } from "./identity-helpers";
import { scaled } from "./slowness";

test.setTimeout(scaled(120_000));

/** The owner's calls to the auth service, as the Team page makes them (the request keeps their session). */
async function asOwner<T>(request: APIRequestContext, method: "GET" | "POST", path: string, data?: unknown) {
  const res = await request.fetch(`${AUTH}${path}`, {
    method,
    headers: { origin: WEB },
    ...(data === undefined ? {} : { data }),
  });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

test("an invitation opened in a fresh browser names the workspace and fills in the address; the invitee signs up, verifies in another tab, lands back on it and joins; removed, their open tab says so at once and takes them home", async ({
  page,
  browser,
  request,
}) => {
  // The owner: a bot, Pro (5 seats) through the sandbox gateway, and a workspace with a real name.
  const owner = await newAccount(request, "Olivia Owner");
  await owner.api("POST", "/chatbots", { name: "Kettle help" });
  const payment = await owner.api<{ payment_url: string }>("POST", "/payments/initiate", {
    amount: 25,
    planName: "Pro",
    payment_provider: "mastercard",
  });
  await page.goto(payment.payment_url);
  await approveSandboxPayment(page);
  const { user } = await asOwner<{ user: { id: string } }>(request, "GET", "/get-session");
  await asOwner(request, "POST", "/organization/update", {
    organizationId: user.id,
    data: { name: "Kettle Co" },
  });
  const agentEmail = uniqueEmail("invitee");
  await asOwner(request, "POST", "/organization/invite-member", {
    email: agentEmail,
    role: "agent",
    organizationId: user.id,
  });
  const mail = await waitForMail(request, agentEmail, /invited you to/);
  const link = mail.links.find((l) => l.includes("/invitations/"));
  if (!link) throw new Error(`no invitation link in: ${mail.text}`);

  // A browser that has never seen Parley opens the link: the sign-in page says who invited them
  // to which workspace, with the invited address filled in.
  const context = await browser.newContext();
  const invitee = await context.newPage();
  await invitee.goto(link);
  await expect(invitee).toHaveURL(SIGN_IN_PAGE);
  await expect(invitee).toHaveURL(/[?&]invitation=[A-Za-z0-9]+/);
  const invited = "Olivia Owner invited you to join Kettle Co on Parley";
  await expect(invitee.getByRole("status").filter({ hasText: invited })).toBeVisible();
  await expect(invitee.getByText(`Sign in with ${agentEmail} to accept it`)).toBeVisible();
  await expect(invitee.getByLabel("Email", { exact: true })).toHaveValue(agentEmail);
  await screenshot(invitee, "invitation-sign-in");

  // No account yet: sign-up keeps the invitation, and the address is the invited one.
  await invitee.getByRole("link", { name: "Create an account" }).click();
  await expect(invitee.getByRole("status").filter({ hasText: invited })).toBeVisible();
  const address = invitee.getByLabel("Work email");
  await expect(address).toHaveValue(agentEmail);
  await expect(address).not.toBeEditable();
  await screenshot(invitee, "invitation-sign-up");
  await invitee.getByLabel("Name").fill("Adam Agent");
  await invitee.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await invitee.getByLabel("Confirm password").fill(PASSWORD);
  await invitee.getByRole("button", { name: "Create account" }).click();
  await expect(invitee.getByRole("heading", { name: "Check your inbox" })).toBeVisible();

  // The verification link opens in a new tab, as from a mail app (no memory of the first tab's
  // destination): it still leads back to the invitation.
  const verify = await waitForMail(request, agentEmail, /verify/i);
  await invitee.close();
  const tab = await context.newPage();
  await tab.goto(verificationLink(verify));
  await expect(tab.getByRole("status").filter({ hasText: invited })).toBeVisible();
  await tab.getByRole("button", { name: "Continue to Parley" }).click();
  await expect(tab).toHaveURL(/\/invitations\/[A-Za-z0-9]+$/, { timeout: scaled(20_000) });
  // The invitation page names the inviter and the workspace as sign-in did (not by address).
  const body = tab.locator("main p").filter({ hasText: "invited" });
  await expect(body).toContainText(`Olivia Owner invited ${agentEmail} to Kettle Co as Agent`);
  await expect(body).not.toContainText(owner.email);
  await expect(body.locator("bdi[dir=ltr]")).toHaveText(agentEmail);
  await tab.getByRole("button", { name: "Accept and join" }).click();
  await expect(tab).toHaveURL(/\/dashboard$/, { timeout: scaled(20_000) });
  await expect(tab.getByText("Kettle help").first()).toBeVisible();

  // The agent works in the inbox; the owner removes them meanwhile.
  await tab.getByRole("navigation", { name: "App" }).getByRole("link", { name: "Inbox" }).click();
  await expect(tab).toHaveURL(/\/inbox/);
  // In two workspaces now (their own and Kettle Co): the header's switcher is there.
  await expect(tab.getByTestId("workspace-switcher")).toBeVisible();
  const { members } = await asOwner<{ members: Array<{ id: string; user: { email: string } }> }>(
    request,
    "GET",
    `/organization/list-members?organizationId=${encodeURIComponent(user.id)}`,
  );
  const member = members.find((m) => m.user.email === agentEmail);
  if (!member) throw new Error("the agent is not a member");
  await asOwner(request, "POST", "/organization/remove-member", {
    organizationId: user.id,
    memberIdOrEmail: member.id,
  });

  // Without navigating, the open tab says so, once, calmly: the workspace's data is gone from the
  // screen, and nothing offers a reference id or a "Try again".
  const removed = tab.getByTestId("removed-from-workspace");
  await expect(removed).toBeVisible({ timeout: scaled(15_000) });
  await expect(removed.getByRole("heading", { level: 1 })).toHaveText(
    "You are no longer a member of Kettle Co",
  );
  await expect(tab).toHaveURL(/\/inbox/);
  await expect(removed).toHaveCount(1);
  await expect(tab.getByText(/Reference|Try again/)).toHaveCount(0);
  await expect(tab.locator(".alert-error")).toHaveCount(0);
  // The switcher no longer offers Kettle Co (one workspace left: no switcher), without a reload.
  await expect(tab.getByTestId("workspace-switcher")).toHaveCount(0);
  await screenshot(tab, "removed-from-workspace");

  // The way forward: their own workspace's dashboard, without the owner's bot.
  await tab.getByRole("button", { name: "Switch to your own workspace" }).click();
  await expect(tab).toHaveURL(/\/dashboard$/, { timeout: scaled(20_000) });
  await expect(tab.getByRole("heading", { level: 2, name: "Your chatbots" })).toBeVisible();
  await expect(tab.getByTestId("removed-from-workspace")).toHaveCount(0);
  await expect(tab.getByText("Kettle help")).toHaveCount(0);
  await context.close();
});
