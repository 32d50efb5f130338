import { describe, expect, it } from "vitest";
import { sayMessage } from "~/i18n/message.server";
import { bn } from "../support/messages";

describe("sayMessage", () => {
  it("words a message and the messages inside it in one language", () => {
    const failed = { key: "messages.form.failed", values: { what: { key: "messages.action.saveSettings" } } } as const;
    expect(sayMessage(failed, "en")).toBe("Could not save the settings. Please try again.");
    expect(sayMessage(failed, "bn")).toBe(bn("messages.form.failed", { what: bn("messages.action.saveSettings") }));
    expect(sayMessage(failed, "bn")).not.toMatch(/save|Could not/);
  });

  it("keeps plain values as they are and counts numbers in the language's digits", () => {
    const atMost = { key: "messages.form.selectAtMost", values: { count: 200 } } as const;
    expect(sayMessage(atMost, "en")).toContain("200");
    expect(sayMessage(atMost, "bn")).toContain("২০০");
  });
});
