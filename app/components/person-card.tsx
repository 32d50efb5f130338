import type { ReactNode } from "react";
import { langOf } from "~/lib/text";
import { ResponsiveImage } from "./responsive-image";

export interface PersonCardProps {
  name: string;
  photoURL: string;
  /** Designation, batch, session…: short lines under the name. */
  lines: ReactNode[];
  email: string;
  children?: ReactNode;
  /** Cards in the first row load at once; the rest wait until scrolled near. */
  lazy: boolean;
  headingLevel?: "h2" | "h3";
  /** `portrait`: a large square photo on top; `compact`: a round photo, for long lists. */
  variant?: "portrait" | "compact";
  featured?: boolean;
}

/** Photo, name and facts of a teacher, student or executive. Portraits are square (400x400). */
export function PersonCard({
  name,
  photoURL,
  lines,
  email,
  children,
  lazy,
  headingLevel: Heading = "h2",
  variant = "portrait",
  featured = false,
}: PersonCardProps) {
  const compact = variant === "compact";
  return (
    <article
      className={`card flex h-full flex-col overflow-hidden ${compact ? "items-center p-5 pt-6 text-center" : ""} ${
        featured ? "ring-2 ring-accent-400" : ""
      }`}
    >
      <ResponsiveImage
        src={photoURL}
        alt={`Portrait of ${name}`}
        width={400}
        height={400}
        sizes={compact ? "112px" : "(min-width: 768px) 33vw, 100vw"}
        loading={lazy ? "lazy" : "eager"}
        decoding="async"
        className={
          compact
            ? "size-28 rounded-full bg-slate-100 object-cover ring-4 ring-slate-100"
            : "aspect-square w-full bg-slate-100 object-cover"
        }
      />
      <div className={`flex flex-1 flex-col gap-1 ${compact ? "w-full pt-4" : "p-5"}`}>
        <Heading lang={langOf(name)} className="text-lg font-semibold text-navy-900">
          {name}
        </Heading>
        {lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list per page; the position is the identity
          <p key={index} className="text-sm text-slate-600">
            {line}
          </p>
        ))}
        <p className="mt-1 text-sm">
          <EmailLink email={email} />
        </p>
        {children}
      </div>
    </article>
  );
}

/** Long addresses wrap after the @ rather than in the middle of a word. */
function EmailLink({ email }: { email: string }) {
  const at = email.indexOf("@");
  return (
    <a href={`mailto:${email}`} className="inline-block py-1 text-navy-700 underline [overflow-wrap:anywhere]">
      {at > 0 ? (
        <>
          {email.slice(0, at + 1)}
          <wbr />
          {email.slice(at + 1)}
        </>
      ) : (
        email
      )}
    </a>
  );
}

/** Cards of the first row (three from medium screens) load eagerly. */
export const EAGER_CARDS = 3;
