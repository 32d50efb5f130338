import { type SQL, sql } from "drizzle-orm";
import { eventPagePath } from "~/content/events";
import { type Database, selectRows } from "~/db/client.server";
import { tsvectorOf } from "~/db/search-documents";
import { panelPath } from "~/features/collections/executives";
import { RESULT_PAGE_SIZE } from "~/features/collections/results.server";
import { JUDGES, type JudgeKey, memberPath } from "~/features/members/members";
import { RANKING_RULE_MESSAGES } from "~/features/standings/rankings";
import { type Translator, translatorOf } from "~/i18n/translate.server";
import { clampPage, offsetOf, type Page, pageCountFor } from "~/lib/pagination";
import {
  highlightParts,
  SEARCH_PAGE_SIZE,
  type SearchHit,
  type SearchType,
  SNIPPET_SEPARATOR,
  snippetOf,
  termsOf,
} from "./search";
import { SOURCES, type Source } from "./search-sources.server";

/** A member's labelled facts (search-sources.server.ts), as the JSON column brings them. */
type MemberFacts = Partial<Record<JudgeKey | "github" | "panel", string | null>> & { batch?: number | null };

interface HitRow {
  type: SearchType;
  title: string;
  body: string;
  key: string;
  extra: string;
  facts: MemberFacts | null;
  total: number | string;
}

/** What a snippet's labels and dates are written with: the page's translator, or English for the JSON API. */

/** `%`, `_` and `\` stand for themselves in the pattern. */
const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, "\\$&")}%`;

/** A word's full-text terms as prefixes, all of them (`'রাঙা':*`), or undefined when it has none. */
function prefixQuery(words: readonly string[]): string | undefined {
  const terms = words.flatMap(termsOf);
  return terms.length > 0 ? terms.map((term) => `${term}:*`).join(" & ") : undefined;
}

/**
 * Every word must be found: as the start of a word (full-text prefix, the words index) or
 * anywhere inside the text (ILIKE, the trigram index; from three characters, below which
 * trigrams can't narrow anything down).
 */
function matchesAllWords(document: SQL, words: readonly string[]): SQL {
  const perWord = words.map((word) => {
    const ways: SQL[] = [];
    const prefix = prefixQuery([word]);
    if (prefix) ways.push(sql`${tsvectorOf(document)} @@ to_tsquery('simple', ${prefix})`);
    if ([...word].length >= 3) ways.push(sql`(${document}) ilike ${likePattern(word)}`);
    return ways.length > 0 ? sql`(${sql.join(ways, sql` or `)})` : sql`false`;
  });
  return sql.join(perWord, sql` and `);
}

/**
 * Higher first: how well the words are found as words, how alike the title and the query are,
 * and a title that is the query itself.
 */
function rankOf(source: Source, text: string, words: readonly string[]): SQL {
  const prefix = prefixQuery(words);
  const wordRank = prefix ? sql`ts_rank(${tsvectorOf(source.document)}, to_tsquery('simple', ${prefix}))` : sql`0`;
  return sql`(${wordRank} + similarity(${source.title}, ${text}) + case when lower(${source.title}) = lower(${text}) then 1 else 0 end)::float8`;
}

function sourceQuery(source: Source, text: string, words: readonly string[]): SQL {
  return sql`select ${source.type}::text as type, ${source.title} as title, ${source.body} as body,
    ${source.key} as key, ${source.extra} as extra, ${source.facts} as facts, ${rankOf(source, text, words)} as rank
    from ${source.table} where ${source.visible} and ${matchesAllWords(source.document, words)}`;
}

const TYPE_ORDER = sql.raw(
  `case type ${SOURCES.map((source, index) => `when '${source.type}' then ${index}`).join(" ")} end`,
);

async function readHits(db: Database, text: string, words: readonly string[], limit: number, offset: number) {
  const union = sql.join(
    SOURCES.map((source) => sourceQuery(source, text, words)),
    sql` union all `,
  );
  return selectRows<HitRow>(
    db,
    sql`select type, title, body, key, extra, facts, count(*) over () as total from (${union}) as hits
      order by rank desc, ${TYPE_ORDER}, title limit ${limit} offset ${offset}`,
  );
}

export interface SearchRequest {
  text: string;
  words: readonly string[];
  page: number;
  pageSize?: number;
}

/**
 * One page of what the query finds across the site, best first. A page past the end shows
 * the last one, as every paged list does. Snippets are worded by `translator`: the page's
 * reader's language; English (the JSON API) by default.
 */
export async function searchSite(
  db: Database,
  request: SearchRequest,
  translator: Translator = translatorOf("en"),
): Promise<Page<SearchHit>> {
  const { text, words, pageSize = SEARCH_PAGE_SIZE } = request;
  let page = request.page;
  let rows = await readHits(db, text, words, pageSize, offsetOf(page, pageSize));
  if (rows.length === 0 && page > 1) {
    const [first] = await readHits(db, text, words, 1, 0);
    if (first) {
      page = clampPage(page, Number(first.total), pageSize);
      rows = await readHits(db, text, words, pageSize, offsetOf(page, pageSize));
    }
  }
  const total = Number(rows[0]?.total ?? 0);
  return {
    items: rows.map((row) => toHit(row, words, translator)),
    page,
    pageCount: pageCountFor(total, pageSize),
    total,
  };
}

function toHit(row: HitRow, words: readonly string[], translator: Translator): SearchHit {
  const snippet = snippetOf(snippetSource(row, translator), words);
  return {
    type: row.type,
    title: row.title,
    url: urlOf(row),
    snippet,
    titleParts: highlightParts(row.title, words),
    snippetParts: highlightParts(snippet, words),
  };
}

/** The parts of a snippet, in order, the empty ones left out (as SQL's concat_ws leaves out nulls). */
const joinParts = (parts: readonly (string | false | null | undefined)[]) =>
  parts.filter(Boolean).join(SNIPPET_SEPARATOR);

function snippetSource(row: HitRow, { t, format }: Translator): string {
  const facts = row.facts ?? {};
  switch (row.type) {
    case "notice":
      return joinParts([row.extra && format.date(row.extra), row.body]);
    case "contest":
      return joinParts([t("public.search.snippet.standings"), row.extra && format.date(row.extra)]);
    case "ranking":
      return joinParts([
        t("people.ranking.eyebrow"),
        Object.hasOwn(RANKING_RULE_MESSAGES, row.extra) &&
          t(RANKING_RULE_MESSAGES[row.extra as keyof typeof RANKING_RULE_MESSAGES]),
      ]);
    case "student":
      return joinParts([
        typeof facts.batch === "number" && t("public.search.snippet.batch", { batch: format.number(facts.batch) }),
        ...JUDGES.map(
          ({ key, label }) => facts[key] && t("public.search.snippet.handle", { judge: label, handle: facts[key] }),
        ),
        facts.github && t("public.search.snippet.handle", { judge: "GitHub", handle: facts.github }),
      ]);
    case "executive":
      return joinParts([row.body, facts.panel && t("public.search.snippet.panel", { panel: facts.panel })]);
    default:
      return row.body;
  }
}

function urlOf(row: HitRow): string {
  switch (row.type) {
    case "notice":
      return `/notice/${row.key}`;
    case "event":
      return eventPagePath({ eventType: row.extra, slug: row.key });
    case "result": {
      const page = Math.floor(Number(row.extra) / RESULT_PAGE_SIZE) + 1;
      return `${page > 1 ? `/results?page=${page}` : "/results"}#result-${row.key}`;
    }
    case "contest":
      return `/results/${row.key}`;
    case "ranking":
      return `/rankings/${row.key}`;
    case "student":
      return memberPath(row.key);
    case "teacher":
      return "/teachers";
    case "executive":
      return panelPath(row.key);
  }
}
