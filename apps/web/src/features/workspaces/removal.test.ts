import { createI18n, type Language } from "@parley/ui/i18n";
import { LanguageProvider } from "@parley/ui/i18n/react";
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-error";
import { AuthServiceError } from "../session/auth-client";
import { invitationIdOfPath, invitationReturnPath, signInUrlFor } from "../session/invitation-link";
import {
  RemovedFromWorkspaceNotice,
  type RemovedFromWorkspaceNoticeProps,
} from "./components/RemovedFromWorkspaceNotice";
import { forgetWorkspaceData, isRemovalError, watchRemoval } from "./removal";

const notAMember = () =>
  new ApiError({
    status: 403,
    code: "NOT_A_MEMBER",
    message: "You are no longer a member of this workspace. Switch to another workspace to continue.",
    requestId: "8b1f6a52-0000-4000-8000-000000000000",
  });

/** A client like the app's (no retries, so a refusal is final at once). */
const client = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

const fail = (error: unknown) => () => Promise.reject(error);

describe("a removal, noticed once wherever it shows first", () => {
  it("a query refused with NOT_A_MEMBER", async () => {
    const queryClient = client();
    let removed = 0;
    const stop = watchRemoval(queryClient, () => removed++);
    await queryClient.fetchQuery({ queryKey: ["bots"], queryFn: fail(notAMember()) }).catch(() => undefined);
    expect(removed).toBe(1);
    stop();
    await queryClient.fetchQuery({ queryKey: ["inbox"], queryFn: fail(notAMember()) }).catch(() => undefined);
    expect(removed).toBe(1);
  });

  it("a mutation refused with NOT_A_MEMBER, and the auth service's refusal of the Team page's calls", async () => {
    const queryClient = client();
    let removed = 0;
    watchRemoval(queryClient, () => removed++);
    await queryClient
      .getMutationCache()
      .build(queryClient, { mutationFn: fail(notAMember()) })
      .execute(undefined)
      .catch(() => undefined);
    expect(removed).toBe(1);
    const authRefusal = new AuthServiceError({
      kind: "http",
      status: 403,
      code: "YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION",
      message: "You are not a member of this organization",
    });
    await queryClient
      .fetchQuery({ queryKey: ["workspaces", "w", "members"], queryFn: fail(authRefusal) })
      .catch(() => undefined);
    expect(removed).toBe(2);
  });

  it("a refusal that came before the watch began", async () => {
    const queryClient = client();
    await queryClient.fetchQuery({ queryKey: ["plan"], queryFn: fail(notAMember()) }).catch(() => undefined);
    let removed = 0;
    watchRemoval(queryClient, () => removed++);
    expect(removed).toBe(1);
  });

  it("never for other failures, even ones that look alike", async () => {
    const queryClient = client();
    let removed = 0;
    watchRemoval(queryClient, () => removed++);
    const lookalikes: unknown[] = [
      new ApiError({
        status: 403,
        code: "FORBIDDEN",
        message: "Your role in this workspace does not allow this.",
      }),
      new ApiError({ status: 404, code: "NOT_FOUND", message: "NOT_A_MEMBER" }),
      new ApiError({ status: 500, code: "NETWORK_ERROR", message: "offline" }),
      new Error("NOT_A_MEMBER"),
      { code: "NOT_A_MEMBER", status: 403 },
      new AuthServiceError({ kind: "http", status: 403, code: "YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER" }),
      new AuthServiceError({ kind: "network" }),
    ];
    for (const [i, error] of lookalikes.entries()) {
      expect(isRemovalError(error)).toBe(false);
      await queryClient.fetchQuery({ queryKey: ["q", i], queryFn: fail(error) }).catch(() => undefined);
    }
    expect(removed).toBe(0);
  });

  it("forgets the workspace's data and keeps who is signed in", () => {
    const queryClient = client();
    queryClient.setQueryData(
      ["workspaces", "list"],
      [
        { id: "me", name: "Adam's workspace", slug: "a" },
        { id: "w1", name: "Kettle & Co", slug: "k" },
      ],
    );
    queryClient.setQueryData(["chatbots", "list"], [{ _id: "b1", name: "Kettle help" }]);
    queryClient.setQueryData(["inbox", "transcript", "c1"], { messages: [] });
    queryClient.setQueryData(["session", "workspace", "me"], { id: "w1", role: "agent", personal: false });
    queryClient.setQueryData(["session", "platform-user", "adam@example.com"], { _id: "me" });
    forgetWorkspaceData(queryClient);
    expect(
      queryClient
        .getQueryCache()
        .findAll()
        .map((q) => q.queryKey.join("/"))
        .sort(),
    ).toEqual(["session/platform-user/adam@example.com", "session/workspace/me", "workspaces/list"]);
  });

  it("the header's switcher drops the workspace at once, then shows what the auth service says", async () => {
    // better-auth's GET /organization/list, as the auth service answers it.
    const asListed = (...ids: string[]) =>
      [
        { id: "me", name: "Adam's workspace", slug: "adam-x1", logo: null, metadata: null },
        { id: "w1", name: "Kettle & Co", slug: "kettle-co", logo: null, metadata: null },
        { id: "w2", name: "Brew Lab", slug: "brew-lab", logo: null, metadata: null },
      ]
        .filter((w) => ids.includes(w.id))
        .map((w) => ({ ...w, createdAt: "2026-11-20T10:00:00.000Z" }));
    let listed = asListed("me", "w1", "w2");
    const queryClient = client();
    // Mounted the way the switcher mounts useWorkspaces (an observer of the one list query).
    const switcher = new QueryObserver(queryClient, {
      queryKey: ["workspaces", "list"],
      queryFn: async () => listed.map(({ id, name, slug }) => ({ id, name, slug })),
      staleTime: 30_000,
    });
    const shown: string[][] = [];
    const stop = switcher.subscribe((result) => {
      if (result.data) shown.push(result.data.map((w) => w.id));
    });
    await queryClient.refetchQueries({ queryKey: ["workspaces", "list"] });
    expect(shown.at(-1)).toEqual(["me", "w1", "w2"]);

    // Removed from Kettle & Co (and, meanwhile, from Brew Lab in another tab).
    listed = asListed("me");
    forgetWorkspaceData(queryClient, "w1");
    expect(shown.at(-1)).toEqual(["me", "w2"]);
    await expect.poll(() => shown.at(-1)).toEqual(["me"]);
    expect(shown).not.toContainEqual(["me", "w1"]);
    stop();
  });
});

async function render(language: Language, props: Partial<RemovedFromWorkspaceNoticeProps> = {}) {
  const i18n = await createI18n(language);
  await i18n.loadNamespaces("team");
  return renderToStaticMarkup(
    createElement(LanguageProvider, {
      i18n,
      // biome-ignore lint/correctness/noChildrenProp: createElement's typed props need the children
      children: createElement(RemovedFromWorkspaceNotice, {
        workspaceName: "Kettle <b>&</b> Co",
        switching: false,
        error: null,
        onSwitch: () => {},
        ...props,
      }),
    }),
  );
}
const words = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("the removed-from-workspace page", () => {
  it("one calm message naming the workspace, with the way forward and nothing else", async () => {
    const html = await render("en");
    expect(words(html)).toContain("You are no longer a member of Kettle &lt;b&gt;&amp;&lt;/b&gt; Co");
    // The name is text in its own direction, never markup.
    expect(html).toContain("<bdi>Kettle &lt;b&gt;&amp;&lt;/b&gt; Co</bdi>");
    expect(words(html)).toContain("Your own workspace is still yours");
    expect(html).toMatch(
      /<button[^>]*><span class="btn-label">Switch to your own workspace<\/span><\/button>/,
    );
    expect(html).not.toMatch(/Try again|Reference|alert-error|role="alert"/);
    expect(html.match(/<button/g)).toHaveLength(1);
  });

  it("in Arabic, with no English left but the workspace's name", async () => {
    const html = await render("ar");
    expect(words(html)).toContain("لم تعد عضوًا في");
    expect(words(html)).toContain("الانتقال إلى مساحة عملك الخاصة");
    const latin = words(html)
      .replace(/Kettle|Co|&lt;b&gt;|&lt;\/b&gt;|&amp;/g, " ")
      .match(/[A-Za-z]{2,}/g);
    expect(latin ?? []).toEqual([]);
  });

  const html = (markup: string) => words(markup).replace(/&#x27;|&#39;/g, "'");
  it("names someone's personal workspace in the reader's language (its stored name is English)", async () => {
    const en = await render("en", { workspaceName: "Olivia Owner's workspace" });
    expect(html(en)).toContain("You are no longer a member of Olivia Owner's workspace");
    const ar = await render("ar", { workspaceName: "Olivia Owner's workspace" });
    expect(html(ar)).toContain("لم تعد عضوًا في مساحة عمل Olivia Owner");
    expect(html(ar)).not.toContain("workspace");
    // A workspace renamed by its owner keeps its name.
    const renamed = await render("ar", { workspaceName: "Kettle Co's workspace team" });
    expect(html(renamed)).toContain("Kettle Co's workspace team");
  });

  it("without a known name, and while switching", async () => {
    const html = await render("en", { workspaceName: null, switching: true });
    expect(words(html)).toContain("You are no longer a member of this workspace");
    expect(html).toMatch(/<button[^>]*disabled/);
    expect(words(html)).toContain("Switching…");
  });

  it("says in words why switching failed, without a reference id", async () => {
    const html = await render("en", {
      error: new AuthServiceError({ kind: "network" }),
    });
    expect(html).toContain('role="alert"');
    expect(html).not.toMatch(/Reference|8b1f6a52/);
  });
});

describe("an invitation link opened signed out", () => {
  const signIn = "http://auth.parley.test/auth?platform=parley";
  const id = "k3J9aQ2mZx7LpR4sT8vW1yB6nC0dE5fG";

  it("goes to the sign-in pages with the invitation, and comes back to it", () => {
    expect(invitationIdOfPath(`/invitations/${id}`)).toBe(id);
    expect(signInUrlFor(`/invitations/${id}`, signIn)).toBe(`${signIn}&invitation=${id}`);
    expect(signInUrlFor("/dashboard", signIn)).toBe(signIn);
    expect(invitationReturnPath(`?token=t&email=a%40b.co&invitation=${id}`)).toBe(`/invitations/${id}`);
    expect(invitationReturnPath("?token=t")).toBeNull();
  });

  it("never carries anything but an invitation id (no open redirect, no path tricks)", () => {
    for (const path of [
      "/invitations/",
      "/invitations/a/b",
      "/invitations/%2F%2Fevil.example",
      "/invitations/..%2Fdashboard",
      "/invitations/%E0%A4%A",
      `/invitations/${"a".repeat(129)}`,
      "/x/invitations/abc",
    ])
      expect(signInUrlFor(path, signIn), path).toBe(signIn);
    for (const value of ["//evil.example", "https://evil.example", "../billing", "a b", ""])
      expect(invitationReturnPath(`?invitation=${encodeURIComponent(value)}`), value).toBeNull();
  });
});
