import type { Logger } from "pino";
import { data } from "react-router";
import { describe, expect, it, vi } from "vitest";
import type { ActionResult } from "~/lib/form-actions";
import { type ActionName, answerSafely } from "~/lib/form-actions.server";
import { bn, en } from "../support/messages";

/** A form action's failure, answered in the language its reader reads. */
async function failedAnswer(lang: "en" | "bn", what: ActionName) {
  const log = { error: vi.fn() };
  const answer = await answerSafely(
    log as unknown as Logger,
    lang,
    what,
    async () => {
      throw new Error("the disk is full");
    },
    { title: "Exam" },
  );
  if (!("init" in answer)) throw new Error("expected the answer of a failure");
  return { status: answer.init?.status, result: answer.data as ActionResult, logged: log.error.mock.calls };
}

describe("answerSafely", () => {
  it("names the failed action in English word for word, keeps what was typed and logs in English", async () => {
    const saving = await failedAnswer("en", "messages.action.saveSettings");
    expect(saving.status).toBe(500);
    expect(saving.result).toEqual({
      tone: "error",
      message: "Could not save the settings. Please try again.",
      values: { title: "Exam" },
    });
    expect(saving.logged).toEqual([[{ err: expect.any(Error) }, "save the settings failed"]]);

    const deleting = await failedAnswer("en", {
      key: "messages.action.deleteSelected",
      words: { nouns: "dashboard.notices.nouns" },
    });
    expect(deleting.result.message).toBe("Could not delete the selected notices. Please try again.");
  });

  it("names the failed action in Bangla, the collection's noun in Bangla too; the log stays English", async () => {
    const saving = await failedAnswer("bn", "messages.action.saveSettings");
    expect(saving.status).toBe(500);
    expect(saving.result.message).toBe(bn("messages.form.failed", { what: bn("messages.action.saveSettings") }));
    expect(saving.result.message).toContain(bn("messages.action.saveSettings"));
    expect(saving.result.values).toEqual({ title: "Exam" });
    expect(saving.logged[0]?.[1]).toBe("save the settings failed");

    const item = await failedAnswer("bn", {
      key: "messages.action.saveItem",
      words: { noun: "dashboard.notices.noun" },
    });
    expect(item.result.message).toBe(
      bn("messages.form.failed", { what: bn("messages.action.saveItem", { noun: bn("dashboard.notices.noun") }) }),
    );
    expect(item.result.message).toContain(bn("dashboard.notices.noun"));
    expect(item.result.message).toBe("নোটিশ সেভ করা যায়নি। আবার চেষ্টা করুন।");
    expect(item.result.message).not.toMatch(/notice|Could not/);
    expect(item.logged[0]?.[1]).toBe(`${en("messages.action.saveItem", { noun: "notice" })} failed`);
  });

  it("lets a thrown response (a redirect, a 404) through as it is", async () => {
    const log = { error: vi.fn() };
    const redirect = new Response(null, { status: 302, headers: { Location: "/login" } });
    await expect(
      answerSafely(log as unknown as Logger, "en", "messages.action.saveSettings", async () => {
        throw redirect;
      }),
    ).rejects.toBe(redirect);
    expect(log.error).not.toHaveBeenCalled();
  });

  it("lets a thrown data answer (a 404 of what the form names) through as it is", async () => {
    const log = { error: vi.fn() };
    const notFound = data({ message: "Not Found" }, { status: 404 });
    await expect(
      answerSafely(log as unknown as Logger, "en", "messages.action.saveSettings", async () => {
        throw notFound;
      }),
    ).rejects.toBe(notFound);
    expect(log.error).not.toHaveBeenCalled();
  });
});
