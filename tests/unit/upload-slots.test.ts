import { describe, expect, it } from "vitest";
import { takeUploadSlot } from "~/core/upload-slots.server";
import type { Config } from "~/lib/config.server";

describe("upload slots", () => {
  const config = { UPLOAD_CONCURRENCY_MAX: 2 } as Config;

  it("give each uploader only so many uploads at once, refusing more with 429 until one is done", async () => {
    const first = takeUploadSlot(config, "visitor:a");
    takeUploadSlot(config, "visitor:a");
    let refused: unknown;
    try {
      takeUploadSlot(config, "visitor:a");
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(429);
    expect((await (refused as Response).json()).message).toMatch(/at once/);
    // Another uploader is not held up, and a finished upload frees its slot.
    expect(() => takeUploadSlot(config, "visitor:b")).not.toThrow();
    first();
    expect(() => takeUploadSlot(config, "visitor:a")).not.toThrow();
  });
});
