import type { SearchType } from "~/features/site/search";
import type { MessageKey } from "~/i18n/catalogs";

/** What each kind of result is called above its title. */
export const searchTypeLabels: Record<SearchType, MessageKey> = {
  notice: "public.search.type.notice",
  event: "public.search.type.event",
  result: "public.search.type.result",
  contest: "public.search.type.contest",
  ranking: "public.search.type.ranking",
  student: "public.search.type.student",
  teacher: "public.search.type.teacher",
  executive: "public.search.type.executive",
};
