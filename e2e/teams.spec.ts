import { expect, test } from "@playwright/test";
import {
  approveSandboxPayment,
  newAccount,
  PASSWORD,
  screenshot,
  signInTo,
  VIEWPORTS,
} from "./account-helpers";
import { SIGN_IN_PAGE, uniqueEmail, verificationLink, WEB, waitForMail } from "./identity-helpers";
import { scaled } from "./slowness";

test.setTimeout(scaled(120_000));

test("an owner invites an agent by e-mail; the agent joins from the link, works the inbox and tries the bot in the Playground, but not billing or bot settings; once removed, their tab loses access", async ({
  page,
  browser,
  request,
}) => {
  // The owner has a bot and buys Pro (5 seats) through the sandbox gateway.
  const owner = await newAccount(request, "Olivia Owner");
  const bot = await owner.api<{ _id: string }>("POST", "/chatbots", { name: "Kettle help" });
  const payment = await owner.api<{ payment_url: string }>("POST", "/payments/initiate", {
    amount: 25,
    planName: "Pro",
    payment_provider: "mastercard",
  });
  await page.goto(payment.payment_url);
  await approveSandboxPayment(page);

  // The owner invites an agent from the Team page.
  await page.context().clearCookies();
  await signInTo(page, owner, "/members");
  const agentEmail = uniqueEmail("agent");
  await page.getByLabel("E-mail address").fill(agentEmail);
  await page.getByLabel("Role", { exact: true }).selectOption("agent");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status")).toContainText(`Invitation sent to ${agentEmail}`);

  // The agent has no account: the link leads through sign-up and back to the invitation.
  const mail = await waitForMail(request, agentEmail, /invited you to/);
  const link = mail.links.find((l) => l.includes("/invitations/"));
  if (!link) throw new Error(`no invitation link in: ${mail.text}`);
  expect(link.startsWith(`${WEB}/invitations/`)).toBe(true);
  const agentContext = await browser.newContext();
  const agentPage = await agentContext.newPage();
  await agentPage.goto(link);
  await expect(agentPage).toHaveURL(SIGN_IN_PAGE);
  await agentPage.getByRole("link", { name: "Create an account" }).click();
  await agentPage.getByLabel("Name").fill("Adam Agent");
  // The invitation is for this address: sign-up fills it in (issue #25).
  await expect(agentPage.getByLabel("Work email")).toHaveValue(agentEmail);
  await agentPage.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await agentPage.getByLabel("Confirm password").fill(PASSWORD);
  await agentPage.getByRole("button", { name: "Create account" }).click();
  const verify = await waitForMail(request, agentEmail, /verify/i);
  await agentPage.goto(verificationLink(verify));
  await agentPage.getByRole("button", { name: "Continue to Parley" }).click();
  await expect(agentPage).toHaveURL(/\/invitations\//, { timeout: scaled(20_000) });
  await expect(agentPage.getByText(/as Agent/)).toBeVisible();
  await agentPage.getByRole("button", { name: "Accept and join" }).click();
  await expect(agentPage).toHaveURL(/\/dashboard$/, { timeout: scaled(20_000) });

  // In the owner's workspace: the bot and the inbox, no billing, settings read-only.
  await expect(agentPage.getByText("Kettle help").first()).toBeVisible();
  const nav = agentPage.getByRole("navigation", { name: "App" });
  await expect(nav.getByRole("link", { name: "Inbox" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Billing" })).toHaveCount(0);
  await nav.getByRole("link", { name: "Inbox" }).click();
  await expect(agentPage).toHaveURL(/\/inbox/);
  await agentPage.goto("/billing");
  await expect(
    agentPage.getByText("Only an owner of this workspace can see and change its plan"),
  ).toBeVisible();
  await agentPage.goto(`/chatbots/${bot._id}`);
  await expect(agentPage.getByText("You can read this chatbot's settings.")).toBeVisible();
  // The agent tries the bot in the Playground, as a customer would (no knowledge yet: the fallback).
  await agentPage.getByRole("tab", { name: "Playground" }).click();
  const playground = agentPage.getByRole("tabpanel", { name: "Playground" });
  await playground.getByRole("textbox", { name: "Message" }).fill("Do you sell kettles?");
  await playground.getByRole("button", { name: "Send" }).click();
  await expect(playground.locator(".pg-answer").last()).toContainText("Not answered from your knowledge", {
    timeout: scaled(20_000),
  });

  // The owner removes the agent.
  await page.reload();
  await expect(page.getByTestId("member-row").filter({ hasText: agentEmail })).toBeVisible();
  await screenshot(page, "team-page", { fullPage: true });
  const row = page.getByTestId("member-row").filter({ hasText: agentEmail });
  await row.getByRole("button", { name: "Remove" }).click();
  // The app's own dialog (not the browser's confirm), Cancel focused first.
  const removeDialog = page.getByRole("alertdialog", { name: "Remove Adam Agent from this workspace?" });
  await expect(removeDialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await removeDialog.getByRole("button", { name: "Remove member" }).click();
  await expect(page.getByTestId("member-row").filter({ hasText: agentEmail })).toHaveCount(0);

  // The agent's open tab still holds a valid access token; the API refuses it at once.
  const refused = await agentPage.evaluate(async () => {
    const token = document.cookie
      .split("; ")
      .find((c) => c.startsWith("accessToken="))
      ?.slice("accessToken=".length);
    const res = await fetch("/api/conversations", { headers: { authorization: `Bearer ${token ?? ""}` } });
    return { status: res.status, body: (await res.json()) as { error?: { code?: string } } };
  });
  expect(refused.status).toBe(403);
  expect(refused.body.error?.code).toBe("NOT_A_MEMBER");
  // The open tab says so without navigating (the live stream), and offers the way back to their
  // own workspace, where the owner's bot is gone.
  await expect(agentPage.getByTestId("removed-from-workspace")).toBeVisible();
  await screenshot(agentPage, "removed-from-workspace");
  await agentPage.getByRole("button", { name: "Switch to your own workspace" }).click();
  await expect(agentPage.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(agentPage.getByTestId("removed-from-workspace")).toHaveCount(0);
  await expect(agentPage.getByText("Kettle help")).toHaveCount(0);
  await agentContext.close();
});

test("a downgrade to fewer seats removes nobody: the owner is warned before, and asked who stays after", async ({
  page,
  request,
}) => {
  const owner = await newAccount(request, "Sam Seats");
  const payment = await owner.api<{ payment_url: string }>("POST", "/payments/initiate", {
    amount: 25,
    planName: "Pro",
    payment_provider: "mastercard",
  });
  await page.goto(payment.payment_url);
  await approveSandboxPayment(page);

  // On Pro (5 seats) the owner invites three people: four seats in use.
  await page.context().clearCookies();
  await signInTo(page, owner, "/members");
  const invited = [uniqueEmail("one"), uniqueEmail("two"), uniqueEmail("three")];
  for (const email of invited) {
    await page.getByLabel("E-mail address").fill(email);
    await page.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByRole("status")).toContainText(`Invitation sent to ${email}`);
  }
  await expect(page.getByTestId("over-seats")).toHaveCount(0);

  // The downgrade confirmation says Starter has fewer seats than the workspace uses.
  await page.goto("/billing");
  await page.getByRole("button", { name: "Downgrade to Starter" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Confirm Plan Downgrade" });
  await expect(dialog.getByTestId("downgrade-seat-warning")).toContainText(
    "Starter includes 2 seats and this workspace has 1 member and 3 pending invitations. Nobody is removed",
  );
  await dialog.getByRole("button", { name: "Confirm Downgrade" }).click();
  await expect(page.getByRole("dialog", { name: "Downgrade Scheduled Successfully" })).toBeVisible();

  // The period ends; the job applies Starter.
  const advanced = await request.post("/api/internal/test-clock", {
    data: { advanceMs: 31 * 86_400_000 + 3_600_000 },
  });
  expect(advanced.ok(), await advanced.text()).toBe(true);

  await page.goto("/members");
  const notice = page.getByTestId("over-seats");
  await expect(notice).toContainText(
    "Your Starter plan includes 2 seats and the workspace has 1 member and 3 pending invitations. Nobody has been removed. Revoke 2 pending invitations, or upgrade your plan.",
  );
  await expect(notice.getByRole("link", { name: "See plans" })).toBeVisible();
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await screenshot(page, "team-over-seats", { fullPage: true });
  }
  await page.setViewportSize(VIEWPORTS[0]);
  // The invitations are all still there, and no new one can be sent.
  const pending = page.getByRole("region", { name: "Pending invitations" });
  for (const email of invited) await expect(pending).toContainText(email);
  await page.getByLabel("E-mail address").fill(uniqueEmail("four"));
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Starter plan includes 2 seats" }).last(),
  ).toBeVisible();

  // Revoking two brings the workspace within its seats and the notice goes away.
  for (const email of invited.slice(0, 2)) {
    await pending
      .getByRole("listitem")
      .filter({ hasText: email })
      .getByRole("button", { name: "Revoke" })
      .click();
    await expect(pending).toContainText(`Invitation for ${email} revoked.`);
  }
  await expect(notice).toHaveCount(0);
  await expect(
    page.getByText("Parley (automatic change) changed the plan from Pro to Starter"),
  ).toBeVisible();
});

test("an owner renames the workspace and creates another one from the Team page; a bad name is explained beside the field", async ({
  page,
  request,
}) => {
  const owner = await newAccount(request, "Rita Rename");
  await signInTo(page, owner, "/members");
  const card = page.getByTestId("workspace-name-card");
  const field = card.getByLabel("Workspace name");
  await expect(field).toHaveValue("Rita Rename's workspace");

  // Too long: refused beside the field, nothing saved.
  await field.fill("x".repeat(81));
  await card.getByRole("button", { name: "Save name" }).click();
  await expect(card.getByRole("alert")).toHaveText("A workspace name can be at most 80 characters long.");
  await expect(field).toHaveAttribute("aria-invalid", "true");

  await field.fill("Rita's Kettles");
  await expect(card.getByRole("alert")).toHaveCount(0);
  await card.getByRole("button", { name: "Save name" }).click();
  await expect(card.getByRole("status")).toHaveText("Saved. The workspace is now called Rita's Kettles.");
  await expect(card.getByRole("button", { name: "Save name" })).toBeDisabled();
  // The activity log says who renamed it, and to what (the auth service reports it shortly after).
  await expect(async () => {
    await page.reload();
    await expect(page.locator(".audit-row").filter({ hasText: "renamed the workspace to" })).toContainText(
      "Rita's Kettles",
      { timeout: scaled(5_000) },
    );
  }).toPass({ timeout: scaled(30_000) });
  await expect(page.getByTestId("workspace-name-card").getByLabel("Workspace name")).toHaveValue(
    "Rita's Kettles",
  );

  // A new workspace: an empty name is explained; a real one is created and switched to.
  const create = page.getByTestId("workspace-create-card");
  await create.getByRole("button", { name: "Create and switch to it" }).click();
  await expect(create.getByRole("alert")).toHaveText("Give the workspace a name.");
  await create.getByLabel("Name of the new workspace").fill("Rita Consulting");
  await create.getByRole("button", { name: "Create and switch to it" }).click();
  await expect(page.getByTestId("workspace-name-card").getByLabel("Workspace name")).toHaveValue(
    "Rita Consulting",
    { timeout: scaled(20_000) },
  );
  await expect(page).toHaveURL(/\/members$/);
  // Its own members: the owner alone, and a log that starts with its creation.
  await expect(page.getByTestId("member-row")).toHaveCount(1);
  await expect(async () => {
    await page.reload();
    await expect(page.locator(".audit-row").filter({ hasText: "created the workspace" })).toContainText(
      "Rita Consulting",
      { timeout: scaled(5_000) },
    );
  }).toPass({ timeout: scaled(30_000) });
});
