import { describe, expect, it } from "vitest";
import {
  type ApiExecutive,
  compareExecutives,
  EXECUTIVE_DESIGNATIONS,
  isLeadingExecutive,
} from "~/features/collections/executives";
import { isPdfLink } from "~/lib/media";
import { en } from "../support/messages";

function executive(name: string, designation: string): ApiExecutive {
  return { _id: name, name, designation, title: null, email: `${name}@x.org`, photoURL: "/p.svg", panel: "2020-2021" };
}

describe("executive panel order", () => {
  it("puts president and mentor first, then the spec's designation order, unknown designations last", () => {
    const shuffled = [
      executive("Zed", "Batch Executive (6th Batch)"),
      executive("Amy", "Club Photographer"),
      executive("Bob", "General Secretary"),
      executive("Cat", "Mentor"),
      executive("Dan", "President"),
      executive("Eve", "Vice-President (Female)"),
      executive("Fay", "Vice-President (Male)"),
    ];
    expect(shuffled.sort(compareExecutives).map((e) => e.name)).toEqual([
      "Dan",
      "Cat",
      "Bob",
      "Fay",
      "Eve",
      "Zed",
      "Amy",
    ]);
  });

  it("lists 16 designations: president, mentor and the 14 executives", () => {
    expect(EXECUTIVE_DESIGNATIONS).toHaveLength(16);
    expect(isLeadingExecutive(executive("A", "Mentor"))).toBe(true);
    expect(isLeadingExecutive(executive("A", "Welfare Secretary"))).toBe(false);
  });
});

describe("small domain helpers", () => {
  it("labels batches and tells PDF links from images", () => {
    expect(en("people.students.batchLabel", { batch: 3 })).toBe("Batch-3");
    expect(isPdfLink("/media/abc.pdf")).toBe(true);
    expect(isPdfLink("https://x.org/sheet.PDF?dl=1")).toBe(true);
    expect(isPdfLink("/media/abc.svg")).toBe(false);
  });
});
