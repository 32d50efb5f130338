import { describe, expect, it } from "vitest";
import { listOf, standingsText } from "~/features/standings/standings";
import { sayStandings, sayWarning } from "~/features/standings/standings-text.server";
import { messageOf } from "~/i18n/message";
import { translatorOf } from "~/i18n/translate.server";
import { bn } from "../support/messages";

const [english, bangla] = [translatorOf("en"), translatorOf("bn")];

describe("an import's texts in the reader's language", () => {
  it("says a message with its values, texts among them, in either language", () => {
    const text = standingsText("tools.standings.at", {
      where: standingsText("tools.standings.where.line", { line: 12 }),
      message: standingsText("tools.standings.error.csvColumns", { found: 3, expected: 10 }),
    });
    expect(sayStandings(english, text)).toBe("line 12: 3 columns where the header has 10");
    expect(sayStandings(bangla, text)).toBe(
      `${bn("tools.standings.where.line", { line: 12 })}: ${bn("tools.standings.error.csvColumns", { found: 3, expected: 10 })}`,
    );
    expect(sayStandings(bangla, text)).toContain("লাইন ১২");
  });

  it("lists texts as the language separates them", () => {
    const kinds = listOf(
      ["practice", "virtual", "manager"].map((kind, count) =>
        standingsText("tools.standings.warning.participantKind", { count: count + 1, kind }),
      ),
    );
    expect(sayStandings(english, kinds)).toBe("1 practice, 2 virtual, 3 manager");
    expect(sayStandings(bangla, kinds)).toBe("প্র্যাকটিস ১টি, ভার্চুয়াল ২টি, ম্যানেজার ৩টি");
  });

  it("says the file's problems as catalog messages, and another library's text as it came", () => {
    expect(sayStandings(bangla, messageOf("messages.csv.empty"))).toBe(bn("messages.csv.empty"));
    expect(sayStandings(english, messageOf("messages.csv.invalidAt", { line: 3 }))).toBe(
      "The file is not valid CSV (line 3).",
    );
    expect(sayStandings(bangla, { english: "invalid zip data" })).toBe("invalid zip data");
    expect(sayStandings(bangla, "scoreboard.json: rows[3].team_id")).toBe("scoreboard.json: rows[3].team_id");
  });

  it("keeps the English of warnings saved before they were messages", () => {
    const saved = { message: "Some results are preliminary", where: "line 4" };
    expect(sayWarning(bangla, saved)).toEqual(saved);
    expect(sayWarning(bangla, { text: standingsText("tools.standings.warning.preliminary") })).toEqual({
      message: bn("tools.standings.warning.preliminary"),
    });
  });
});
