/** Headings and texts of the teachers, students and executive panel pages. */
export const teachersPage = {
  heading: "Teachers",
  subheading: "CSE Department",
  description: (clubName: string) =>
    `The teachers of the Department of Computer Science and Engineering who guide ${clubName}.`,
  departmentLine: "Department of CSE",
  empty: "No teachers have been added yet.",
} as const;

export const studentsPage = {
  heading: "Students",
  subheading: "CSE Department",
  description: "Students of the Department of Computer Science and Engineering, by batch.",
  jumpBatchHeading: "Jump Batch",
  allLabel: "All",
  empty: "No students have been added yet.",
} as const;

export const panelPage = {
  headingPrefix: "Executive Body",
  description: (panel: string, clubName: string) => `The executive committee of ${clubName} for ${panel}.`,
  empty: (panel: string) => `No executives have been added to the ${panel} panel yet.`,
  otherPanelsHeading: "Other panels",
} as const;

export const resultsPage = {
  title: "Contest Results",
  heading: "Leader Board",
  description: (clubName: string) => `Final standings of the programming contests organised by ${clubName}.`,
  empty: "No results have been published yet.",
  pdfLabel: "Download the result sheet (PDF)",
  imageLabel: "Open the full result sheet",
} as const;
