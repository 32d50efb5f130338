import { APIError as BetterAuthApiError } from "better-auth/api";
import { APIError } from "better-call/error";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { CreateAuthOptions } from "~/features/accounts/auth-settings.server";

const createAuth = vi.fn();
vi.mock("~/features/accounts/better-auth.server", () => ({ createAuth }));

const { authLoader } = await import("~/features/accounts/auth.server");
const options = {} as CreateAuthOptions;

describe("better-auth, loaded on first use", () => {
  beforeEach(() => createAuth.mockReset());

  it("is made once, however many requests ask for it at the same time", async () => {
    createAuth.mockReturnValue({ made: 1 });
    const loadAuth = authLoader(options);
    const answers = await Promise.all([loadAuth(), loadAuth(), loadAuth()]);
    expect(new Set(answers).size).toBe(1);
    await loadAuth();
    expect(createAuth).toHaveBeenCalledTimes(1);
  });

  it("is tried again after a failed first attempt, not broken until a restart", async () => {
    createAuth
      .mockImplementationOnce(() => {
        throw new Error("not configured yet");
      })
      .mockReturnValue({ made: 2 });
    const loadAuth = authLoader(options);
    await expect(loadAuth()).rejects.toThrow("not configured yet");
    await expect(loadAuth()).resolves.toEqual({ made: 2 });
  });

  it("throws the same APIError class the session check tells from other failures", () => {
    // session.server.ts imports it from better-call, so as not to load better-auth: one copy only.
    expect(APIError).toBe(BetterAuthApiError);
  });
});
