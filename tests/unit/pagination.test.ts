import { describe, expect, it } from "vitest";
import { clampPage, offsetOf, pageCountFor, pageNumberFrom } from "~/lib/pagination";

describe("pagination", () => {
  it("reads ?page=, treating missing or malformed values as page 1", () => {
    const page = (query: string) => pageNumberFrom(new URLSearchParams(query));
    expect(page("")).toBe(1);
    expect(page("page=3")).toBe(3);
    expect(page("page=0")).toBe(1);
    expect(page("page=-2")).toBe(1);
    expect(page("page=two")).toBe(1);
    expect(page("page=99999999999")).toBe(1);
  });

  it("counts pages and clamps past the end to the last page", () => {
    expect(pageCountFor(0, 24)).toBe(1);
    expect(pageCountFor(24, 24)).toBe(1);
    expect(pageCountFor(25, 24)).toBe(2);
    expect(clampPage(5, 25, 24)).toBe(2);
    expect(clampPage(1, 0, 24)).toBe(1);
    expect(offsetOf(3, 24)).toBe(48);
  });
});
