/** Certificates of attendance: the browser-safe part (the record, its addresses and the texts). */

/** One certificate as its pages, its PDF and the lists show it; names as they were when it was issued. */
export interface Certificate {
  code: string;
  personName: string;
  eventName: string;
  /** `YYYY-MM-DD` */
  eventDate: string;
  /** ISO date-time */
  issuedAt: string;
}

/** Where anyone checks a certificate, and its PDF. */
export const certificatePath = (code: string) => `/certificates/${encodeURIComponent(code)}`;
export const certificatePdfPath = (code: string) => `${certificatePath(code)}/certificate.pdf`;

export const certificateTexts = {
  // The verification page
  eyebrow: "Certificate check",
  genuine: "This certificate is genuine",
  genuineIntro: (club: string) => `${club} issued this certificate. What it says:`,
  awardedTo: "Awarded to",
  event: "Event",
  date: "Date",
  issuedBy: "Issued by",
  code: "Code",
  issuedOn: "Issued on",
  download: "Download the certificate (PDF)",
  notFound: "No certificate has this code",
  notFoundIntro: (code: string, club: string) => `“${code}” is not the code of any certificate ${club} has issued.`,
  codeHint:
    "A code has 12 letters and digits in three groups of four, like 7KQ2-M9XD-4HTA; capitals, small letters and the dashes don't matter. Type it again as it is printed on the certificate.",
  typeCode: "Certificate code",
  check: "Check",
  // The PDF
  pdfTitle: "Certificate of Participation",
  pdfCertifies: "This certifies that",
  pdfTookPart: "took part in",
  pdfOn: (date: string) => `held on ${date}`,
  pdfCode: "Certificate code",
  pdfCheckAt: (url: string) => `Check it at ${url}`,
  pdfNamesElsewhere: "Some letters can't be printed here: the page at the address below shows every name in full.",
  // The admins' screen
  heading: (event: string) => `Certificates: ${event}`,
  intro:
    "Each person checked in at the event gets one certificate, with a code anyone can check. " +
    "Issuing again gives certificates only to those checked in since.",
  tableCaption: "Certificates, by name",
  empty: "No certificates yet.",
  waiting: (count: number) =>
    count === 0
      ? "Everyone checked in has a certificate."
      : count === 1
        ? "1 person checked in has no certificate yet."
        : `${count} people checked in have no certificate yet.`,
  person: "Person",
  issuedAt: "Issued",
  pdf: "PDF",
  pdfOf: (name: string) => `Certificate of ${name} (PDF)`,
  issue: "Issue certificates to everyone checked in",
  issueQuestion: {
    title: "Issue certificates?",
    description:
      "Everyone checked in who has no certificate yet gets one, with their name as it is now, and a code anyone can check.",
  },
  issued: (issued: number, total: number) =>
    `${issued === 1 ? "1 certificate issued" : `${issued} certificates issued`}; ${total} in all.`,
  registrations: "Registrations",
  allEvents: "All Events",
  // Refusals
  notStarted: (start: string) =>
    `Certificates are for attendance: they can be issued once the event has started (${start}).`,
  // The member's own list
  mine: "Your certificates",
  mineEmpty: "No certificates yet. Everyone checked in at an event gets one afterwards.",
  minePage: "Page to share",
  minePageOf: (event: string) => `Page to share: your certificate for ${event}`,
  minePdfOf: (event: string) => `Your certificate for ${event} (PDF)`,
} as const;
