import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH, type SearchType } from "~/domain/search";
import { headerSearch } from "./site";

/** The texts of the search box and the /search page. */
export const searchPage = {
  title: "Search",
  eyebrow: "Find on this site",
  description: "Notices, events, results, standings, students, teachers and executives, in English or Bangla.",
  boxLabel: headerSearch.boxLabel,
  placeholder: "Notices, events, people, handles…",
  submit: headerSearch.label,
  prompt: "Type a word or part of one: a notice, an event, a contest, or a person's name or judge handle.",
  tooShort: `Type at least ${SEARCH_MIN_LENGTH} letters or digits to search.`,
  cut: `Only the first ${SEARCH_MAX_LENGTH} characters of your search were used.`,
  none: (query: string) => `Nothing matches “${query}”. Try fewer words, or part of a word.`,
  found: (total: number, query: string) => `${total} ${total === 1 ? "result" : "results"} for “${query}”`,
  pagesLabel: "Search result pages",
  resultsHeading: "Results",
  /** A contest's line under its name: it has nothing else to quote. */
  contestLine: (heldOn: string) => (heldOn ? `Standings · ${heldOn}` : "Standings"),
} as const;

export const searchTypeLabels: Record<SearchType, string> = {
  notice: "Notice",
  event: "Event",
  result: "Result",
  contest: "Standings",
  student: "Student",
  teacher: "Teacher",
  executive: "Executive",
};
