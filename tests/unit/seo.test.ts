import { describe, expect, it } from "vitest";
import { pathWithQuery, seoMeta } from "~/lib/seo";

const root = { id: "root", loaderData: { baseUrl: "https://club.example.org", settings: { clubName: "RMSTU PC" } } };

function tag(meta: ReturnType<typeof seoMeta>, key: string) {
  return meta.find(
    (entry) => ("property" in entry && entry.property === key) || ("name" in entry && entry.name === key),
  );
}

describe("seoMeta", () => {
  it("gives title, description, canonical URL and Open Graph tags", () => {
    const meta = seoMeta(
      { matches: [root], location: { pathname: "/teachers" } },
      { title: "Teachers", description: "D" },
    );
    expect(meta).toContainEqual({ title: "Teachers | RMSTU PC" });
    expect(tag(meta, "description")).toEqual({ name: "description", content: "D" });
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: "https://club.example.org/teachers" });
    expect(tag(meta, "og:url")).toMatchObject({ content: "https://club.example.org/teachers" });
    expect(tag(meta, "og:title")).toMatchObject({ content: "Teachers" });
    expect(tag(meta, "og:image")).toMatchObject({ content: "https://club.example.org/images/og-image.jpg" });
  });

  it("makes /home canonical to / and honours an explicit path", () => {
    const home = seoMeta({ matches: [root], location: { pathname: "/home" } }, { title: "RMSTU PC", description: "" });
    expect(home).toContainEqual({ title: "RMSTU PC" });
    expect(home).toContainEqual({ tagName: "link", rel: "canonical", href: "https://club.example.org/" });
    const panel = seoMeta(
      { matches: [root], location: { pathname: "/panels/2020-2021" } },
      { title: "Panel", description: "", path: "/executive-panel-2021" },
    );
    expect(tag(panel, "og:url")).toMatchObject({ content: "https://club.example.org/executive-panel-2021" });
  });
});

describe("pathWithQuery", () => {
  it("keeps only the named parameters, in the given order, and drops page 1", () => {
    expect(pathWithQuery("/students", "?utm=x&page=2&batch=3", ["batch", "page"])).toBe("/students?batch=3&page=2");
    expect(pathWithQuery("/students", "?page=1", ["batch", "page"])).toBe("/students");
  });
});
