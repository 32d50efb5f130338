import { describe, expect, it } from "vitest";
import { fieldBodyKind, fieldWithNul } from "../../server/field-body";

const json = (value: unknown) => Buffer.from(JSON.stringify(value));
const form = (text: string) => Buffer.from(text);

describe("a NUL character in a body of fields", () => {
  it("is found in JSON at any depth, named by its path", () => {
    expect(fieldWithNul("json", json({ email: "a\u0000b@example.org" }))).toBe("email");
    expect(fieldWithNul("json", json({ team: { members: ["ok", "x\u0000"] } }))).toBe("team.members[1]");
    expect(fieldWithNul("json", json({ "na\u0000me": "x" }))).toBe("na\\u0000me");
    expect(fieldWithNul("json", json("top\u0000level"))).toBe("the body");
  });

  it("is found in a URL-encoded form, named by its field", () => {
    expect(fieldWithNul("form", form("email=a%00b&password=x"))).toBe("email");
    expect(fieldWithNul("form", form("email=ok&password=x%00"))).toBe("password");
    expect(fieldWithNul("form", form("email=a\u0000b"))).toBe("email");
  });

  it("is the body's fault when the body is no JSON and holds a raw NUL", () => {
    expect(fieldWithNul("json", form('{"email":"a\u0000'))).toBe("the body");
  });

  it("is not seen where there is none, an escaped backslash before u0000 included", () => {
    expect(fieldWithNul("json", json({ email: "a@example.org", note: "\\u0000" }))).toBeUndefined();
    expect(fieldWithNul("json", form("{ not json"))).toBeUndefined();
    expect(fieldWithNul("form", form("q=100%25&x=%2500"))).toBeUndefined();
  });
});

describe("bodies of fields", () => {
  it("are JSON (with any parameters or +json) and URL-encoded forms; uploads are not", () => {
    expect(fieldBodyKind("application/json; charset=utf-8")).toBe("json");
    expect(fieldBodyKind("application/merge-patch+json")).toBe("json");
    expect(fieldBodyKind("application/x-www-form-urlencoded")).toBe("form");
    expect(fieldBodyKind("multipart/form-data; boundary=x")).toBeUndefined();
    expect(fieldBodyKind(undefined)).toBeUndefined();
  });
});
