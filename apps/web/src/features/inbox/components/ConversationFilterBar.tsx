import { useTranslation } from "@parley/ui/i18n/react";
import { useEffect, useId, useRef, useState } from "react";
import { DateRangeFields } from "../../../components/DateRangeFields";
import { BotSelect } from "../../chatbots/public";
import {
  activeFilterCount,
  CHANNELS,
  type InboxFilters,
  SEARCH_MAX_LENGTH,
  statusViewOnly,
  withFilter,
} from "../filters";
import { FilterIcon, SearchIcon, ThumbDownIcon, ThumbUpIcon } from "./icons";

/** Typing pauses this long before the search runs (and the address bar changes). */
export const SEARCH_DEBOUNCE_MS = 350;

interface FilterBarProps {
  filters: InboxFilters;
  onChange: (next: InboxFilters) => void;
  /** False when the list is already one bot's. */
  showBotSelect: boolean;
}

/** Search, chatbot, date range and the quick toggles above the conversation list. */
export function ConversationFilterBar({ filters, onChange, showBotSelect }: FilterBarProps) {
  const { t } = useTranslation("inbox");
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const latest = useRef({ filters, onChange });
  latest.current = { filters, onChange };

  // The search box keeps its own text; the filter follows once typing pauses.
  const [text, setText] = useState(filters.q ?? "");
  const [shownQ, setShownQ] = useState(filters.q);
  if (filters.q !== shownQ) {
    // Changed from outside (Clear filters, Back): show what the list is filtered by.
    setShownQ(filters.q);
    if ((filters.q ?? "") !== text.trim().replace(/\s+/g, " ")) setText(filters.q ?? "");
  }
  useEffect(() => {
    const wanted = text.trim().replace(/\s+/g, " ");
    if (wanted === (latest.current.filters.q ?? "")) return;
    const timer = window.setTimeout(() => {
      latest.current.onChange(withFilter(latest.current.filters, "q", wanted));
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);

  const set = <K extends keyof InboxFilters>(key: K, value: InboxFilters[K] | undefined) =>
    onChange(withFilter(filters, key, value));
  const moreCount = activeFilterCount(filters, ["q"]);
  const toggles = [
    {
      key: "unanswered",
      label: t("filters.unanswered"),
      pressed: Boolean(filters.unanswered),
      flip: () => set("unanswered", !filters.unanswered),
    },
    {
      key: "down",
      label: t("filters.ratedDown"),
      icon: <ThumbDownIcon size={14} />,
      pressed: filters.rating === "down",
      flip: () => set("rating", filters.rating === "down" ? undefined : "down"),
    },
    {
      key: "up",
      label: t("filters.ratedUp"),
      icon: <ThumbUpIcon size={14} />,
      pressed: filters.rating === "up",
      flip: () => set("rating", filters.rating === "up" ? undefined : "up"),
    },
    {
      key: "lead",
      label: t("filters.hasLead"),
      pressed: Boolean(filters.hasLead),
      flip: () => set("hasLead", !filters.hasLead),
    },
  ];

  return (
    <search className="inbox-filters" aria-label={t("filters.label")}>
      <div className="inbox-search-row">
        <div className="inbox-search">
          <label htmlFor={`${id}-q`} className="sr-only">
            {t("filters.search")}
          </label>
          <SearchIcon size={18} className="inbox-search-icon" />
          <input
            id={`${id}-q`}
            type="search"
            placeholder={t("filters.search")}
            value={text}
            maxLength={SEARCH_MAX_LENGTH}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              // Enter runs the search at once.
              if (event.key === "Enter") {
                event.preventDefault();
                onChange(withFilter(filters, "q", text.trim().replace(/\s+/g, " ")));
              }
            }}
          />
        </div>
        <button
          type="button"
          className="btn btn-secondary btn-sm inbox-filters-toggle"
          aria-expanded={expanded}
          aria-controls={`${id}-more`}
          onClick={() => setExpanded((open) => !open)}
        >
          <FilterIcon size={16} />
          {t("filters.filters")}
          {moreCount > 0 ? <span className="inbox-count">{moreCount}</span> : null}
        </button>
      </div>

      <div id={`${id}-more`} className="inbox-filters-more" data-expanded={expanded || undefined}>
        {showBotSelect ? (
          <BotSelect value={filters.chatbotId} onChange={(chatbotId) => set("chatbotId", chatbotId)} />
        ) : null}
        <div className="field inbox-field">
          <label htmlFor={`${id}-channel`}>{t("filters.channel")}</label>
          <select
            id={`${id}-channel`}
            value={filters.channel ?? ""}
            onChange={(event) =>
              set(
                "channel",
                (CHANNELS as readonly string[]).includes(event.target.value)
                  ? (event.target.value as InboxFilters["channel"])
                  : undefined,
              )
            }
          >
            <option value="">{t("filters.allChannels")}</option>
            {CHANNELS.map((channel) => (
              <option key={channel} value={channel}>
                {t(`channel.${channel}`)}
              </option>
            ))}
          </select>
        </div>
        <DateRangeFields
          id={id}
          className="inbox-field inbox-field-date"
          labels={{ from: t("filters.from"), to: t("filters.to") }}
          from={filters.from ?? ""}
          to={filters.to ?? ""}
          onChange={(end, day) => set(end, day)}
        />
        <fieldset className="inbox-toggles">
          <legend className="sr-only">{t("filters.showOnly")}</legend>
          {toggles.map((toggle) => (
            <button
              key={toggle.key}
              type="button"
              className="inbox-chip"
              aria-pressed={toggle.pressed}
              onClick={toggle.flip}
            >
              {toggle.icon ?? null}
              {toggle.label}
            </button>
          ))}
        </fieldset>
        {activeFilterCount(filters) > 0 ? (
          <button
            type="button"
            className="inbox-link-button inbox-clear"
            onClick={() => {
              setText("");
              // The live-chat view (All, Waiting…) is not a filter of this bar: it stays.
              onChange(statusViewOnly(filters));
            }}
          >
            {t("filters.clear")}
          </button>
        ) : null}
      </div>
    </search>
  );
}
