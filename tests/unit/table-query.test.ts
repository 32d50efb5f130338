import { describe, expect, it } from "vitest";
import { emptyTableQuery, nextSort, sortParts, tableHref, tableQueryFrom } from "~/lib/table-query";

describe("a dashboard table's address", () => {
  it("reads search, page, sort and the table's own filters, and nothing else", () => {
    const url = new URL("http://x/dashboard/students?q=+ana+&page=3&sort=-name&batch=6&role=admin");
    expect(tableQueryFrom(url, ["batch"])).toEqual({ q: "ana", page: 3, sort: "-name", filters: { batch: "6" } });
    expect(tableQueryFrom(url)).toMatchObject({ filters: {} });
    // A sort that is not a plain key is dropped (the server only knows its own keys anyway).
    expect(tableQueryFrom(new URL("http://x/?sort=name;drop")).sort).toBe("");
    expect(tableQueryFrom(new URL(`http://x/?q=${"a".repeat(500)}`)).q).toHaveLength(100);
  });

  it("links to another page or sort, keeping the rest", () => {
    const query = { q: "ana", page: 2, sort: "name", filters: { batch: "6" } };
    expect(tableHref(query, { page: 3 })).toBe("?q=ana&batch=6&sort=name&page=3");
    expect(tableHref(query, { sort: "-name", page: 1 })).toBe("?q=ana&batch=6&sort=-name");
    expect(tableHref(emptyTableQuery)).toBe("?");
  });

  it("sorts ascending first, then the other way", () => {
    expect(nextSort("", "name")).toBe("name");
    expect(nextSort("name", "name")).toBe("-name");
    expect(nextSort("-name", "name")).toBe("name");
    expect(nextSort("-date", "name")).toBe("name");
    expect(sortParts("-date")).toEqual({ key: "date", descending: true });
  });
});
