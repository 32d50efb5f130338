import { describe, expect, it } from "vitest";
import { apiPageSizeFrom, clampPage, offsetOf, pageCountFor, pageNumberFrom, pageWindow } from "~/lib/pagination";

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

  it("reads an API page size between 1 and 500, 100 by default", () => {
    const limit = (query: string) => apiPageSizeFrom(new URLSearchParams(query));
    expect(limit("")).toBe(100);
    expect(limit("limit=20")).toBe(20);
    expect(limit("limit=0")).toBe(1);
    expect(limit("limit=100000")).toBe(500);
    expect(limit("limit=ten")).toBe(100);
  });

  it("links the first, last and neighbouring pages, with gaps for the rest", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(1, 5)).toEqual([1, 2, "gap", 5]);
    expect(pageWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageWindow(10, 2084)).toEqual([1, "gap", 9, 10, 11, "gap", 2084]);
    expect(pageWindow(2084, 2084)).toEqual([1, "gap", 2083, 2084]);
    expect(pageWindow(3, 9, 2)).toEqual([1, 2, 3, 4, 5, "gap", 9]);
  });
});
