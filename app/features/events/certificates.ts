/** Certificates of attendance: the browser-safe part (the record and its addresses; the words are in the catalogs). */

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
