import { conversationFiltersSchema } from "@parley/contracts";
import { describe, expect, it } from "vitest";
import {
  activeFilterCount,
  conversationsApiQuery,
  filtersFromSearch,
  filtersQueryString,
  filtersToSearch,
  type InboxFilters,
  inboxViewOf,
  SEARCH_MAX_LENGTH,
  STATUS_VIEWS,
  statusViewOf,
  statusViewOnly,
  withFilter,
  withStatusView,
} from "./filters";

const read = (query: string) => filtersFromSearch(new URLSearchParams(query));

describe("inbox filters ↔ URL query", () => {
  it("reads every filter the inbox offers", () => {
    expect(
      read(
        "chatbotId=cb_1&channel=whatsapp&from=2026-03-01&to=2026-03-31&rating=down&unanswered=true&hasLead=true&q=gift+cards",
      ),
    ).toEqual({
      chatbotId: "cb_1",
      channel: "whatsapp",
      from: "2026-03-01",
      to: "2026-03-31",
      rating: "down",
      unanswered: true,
      hasLead: true,
      q: "gift cards",
    });
  });

  it("drops what is malformed instead of failing", () => {
    expect(
      read(
        "from=2026-02-30&to=yesterday&rating=meh&unanswered=yes&hasLead=1&q=%20%20&chatbotId=&channel=playground",
      ),
    ).toEqual({});
  });

  it("puts a reversed date range right", () => {
    expect(read("from=2026-03-31&to=2026-03-01")).toEqual({ from: "2026-03-01", to: "2026-03-31" });
  });

  it("tidies the search text and caps its length at the API's", () => {
    expect(read("q=%20gift%20%20%20cards%20").q).toBe("gift cards");
    expect(read(`q=${"a".repeat(300)}`).q).toHaveLength(SEARCH_MAX_LENGTH);
  });

  it("writes filters in a fixed order and leaves unset ones out", () => {
    const filters: InboxFilters = { q: "refund", hasLead: true, chatbotId: "cb_9", unanswered: false };
    expect(filtersToSearch(filters).toString()).toBe("chatbotId=cb_9&hasLead=true&q=refund");
    expect(filtersQueryString({})).toBe("");
    expect(filtersQueryString({ rating: "up" })).toBe("?rating=up");
  });

  it("survives a round trip through the address bar", () => {
    const filters: InboxFilters = {
      chatbotId: "cb_1",
      channel: "api",
      from: "2026-01-01",
      to: "2026-01-31",
      rating: "up",
      unanswered: true,
      hasLead: true,
      q: "opening hours & prices",
    };
    expect(filtersFromSearch(new URLSearchParams(filtersQueryString(filters)))).toEqual(filters);
  });

  it("builds an API query the contract accepts, with page size and cursor", () => {
    const query = conversationsApiQuery({ unanswered: true, q: "gift" }, "abc_123", 10);
    expect(query).toBe("?unanswered=true&q=gift&limit=10&cursor=abc_123");
    const parsed = conversationFiltersSchema.parse(Object.fromEntries(new URLSearchParams(query)));
    expect(parsed).toEqual({ unanswered: true, q: "gift", limit: 10, cursor: "abc_123" });
    expect(conversationsApiQuery({}, null)).toBe("?limit=25");
  });

  it("counts active filters, a date range as one", () => {
    expect(activeFilterCount({})).toBe(0);
    expect(activeFilterCount({ from: "2026-01-01", to: "2026-01-02", q: "x", hasLead: true })).toBe(3);
    expect(activeFilterCount({ chatbotId: "cb_1", rating: "down" }, ["chatbotId"])).toBe(1);
  });

  it("changes one filter at a time; false and empty remove it", () => {
    const base: InboxFilters = { rating: "up", q: "x" };
    expect(withFilter(base, "rating", "down")).toEqual({ rating: "down", q: "x" });
    expect(withFilter(base, "q", "")).toEqual({ rating: "up" });
    expect(withFilter({ unanswered: true }, "unanswered", false)).toEqual({});
    expect(base).toEqual({ rating: "up", q: "x" });
  });
});

describe("live-chat views (All, Waiting for a person, Mine, Closed)", () => {
  it("map onto the API's status and assignee=me filters", () => {
    expect(withStatusView({}, "all")).toEqual({});
    expect(withStatusView({}, "waiting")).toEqual({ status: "waiting" });
    expect(withStatusView({}, "mine")).toEqual({ status: "claimed", assignee: "me" });
    expect(withStatusView({}, "closed")).toEqual({ status: "closed" });
    for (const view of STATUS_VIEWS) expect(statusViewOf(withStatusView({}, view))).toBe(view);
  });

  it("keep the other filters when switching, and replace the previous view", () => {
    const base: InboxFilters = { q: "refund", chatbotId: "cb_1", status: "claimed", assignee: "me" };
    expect(withStatusView(base, "waiting")).toEqual({ q: "refund", chatbotId: "cb_1", status: "waiting" });
    expect(withStatusView(base, "all")).toEqual({ q: "refund", chatbotId: "cb_1" });
    expect(statusViewOnly({ ...base, hasLead: true })).toEqual({ status: "claimed", assignee: "me" });
  });

  it("live in the address bar and reach the API as the contract reads them", () => {
    const mine = withStatusView({ q: "gift" }, "mine");
    expect(filtersQueryString(mine)).toBe("?q=gift&status=claimed&assignee=me");
    expect(read("q=gift&status=claimed&assignee=me")).toEqual(mine);
    expect(read("status=waiting")).toEqual({ status: "waiting" });
    const query = conversationsApiQuery(mine, null);
    expect(conversationFiltersSchema.parse(Object.fromEntries(new URLSearchParams(query)))).toEqual({
      q: "gift",
      status: "claimed",
      assignee: "me",
      limit: 25,
    });
  });

  it("are not counted as filters (they have their own switch)", () => {
    expect(activeFilterCount(withStatusView({}, "mine"))).toBe(0);
    expect(activeFilterCount(withStatusView({ hasLead: true }, "waiting"))).toBe(1);
  });

  it("read a hand-edited address as one of the four views, never as something else", () => {
    expect(read("status=hijacked")).toEqual({});
    expect(read("status=WAITING")).toEqual({});
    expect(read("assignee=user_someone_else")).toEqual({});
    expect(read("assignee=me")).toEqual({ status: "claimed", assignee: "me" });
    expect(read("status=closed&assignee=me")).toEqual({ status: "claimed", assignee: "me" });
    // "bot" and "claimed" alone are states, not views: the list shows everything.
    expect(read("status=bot")).toEqual({});
    expect(read("status=claimed")).toEqual({});
    expect(read("status=waiting&status=closed")).toEqual({ status: "waiting" });
  });
});

describe("inbox addresses", () => {
  it("maps the path after /inbox/ to a view", () => {
    expect(inboxViewOf("")).toEqual({ kind: "conversations", conversationId: null });
    expect(inboxViewOf("unanswered")).toEqual({ kind: "unanswered" });
    expect(inboxViewOf("leads/")).toEqual({ kind: "leads" });
    expect(inboxViewOf("cv_abc123")).toEqual({ kind: "conversations", conversationId: "cv_abc123" });
    expect(inboxViewOf("cv%20x")).toEqual({ kind: "conversations", conversationId: "cv x" });
    expect(inboxViewOf("%E0%A4%A")).toEqual({ kind: "conversations", conversationId: "%E0%A4%A" });
  });
});
