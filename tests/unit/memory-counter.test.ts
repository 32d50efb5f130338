import { describe, expect, it } from "vitest";
import { createMemoryCounter } from "~/core/rate-limit.server";

describe("the in-memory counter", () => {
  it("lets `max` attempts of a key through per window, then says when the window starts over", () => {
    const count = createMemoryCounter({ max: 2, windowSeconds: 10 });
    expect(count("a", 1_000).limited).toBe(false);
    expect(count("a", 2_000).limited).toBe(false);
    const third = count("a", 3_000);
    expect(third).toEqual({ limited: true, retryAfterSeconds: 8 });
    expect(count("b", 3_000).limited, "each key has its own count").toBe(false);
    expect(count("a", 11_000).limited, "a new window").toBe(false);
  });

  it("counts an IPv6 client by its /64, like the shared limits", () => {
    const count = createMemoryCounter({ max: 1, windowSeconds: 60 });
    expect(count("2001:db8::1", 0).limited).toBe(false);
    expect(count("2001:db8::2", 0).limited).toBe(true);
    expect(count("2001:db8:0:1::1", 0).limited).toBe(false);
  });

  it("keeps at most `maxKeys` windows, forgetting the least recently counted", () => {
    const count = createMemoryCounter({ max: 1, windowSeconds: 60, maxKeys: 2 });
    count("a", 0);
    count("b", 0);
    count("c", 0);
    expect(count("b", 1).limited, "b is remembered").toBe(true);
    expect(count("a", 1).limited, "a was dropped, so it starts over").toBe(false);
  });
});
