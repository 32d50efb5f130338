import type { ReactNode } from "react";
import { useLangOf, useT } from "~/i18n/react";
import { ResponsiveImage } from "./responsive-image";

export interface PersonCardProps {
  name: string;
  photoURL: string;
  /** Designation, batch, session…: short lines under the name. */
  lines: ReactNode[];
  /** null: the person hides it. */
  email: string | null;
  /** The person's own page: the name links to it. */
  href?: string;
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
  href,
  children,
  lazy,
  headingLevel: Heading = "h2",
  variant = "portrait",
  featured = false,
}: PersonCardProps) {
  const t = useT();
  const langOf = useLangOf();
  const compact = variant === "compact";
  // On phones every card is a row (a small photo beside the text), so a list of 25 stays short;
  // from 640 px up, portraits stand on top and compact cards centre a round photo.
  return (
    <article
      className={`card flex h-full flex-row items-start gap-3 overflow-hidden p-3 sm:flex-col sm:gap-0 ${
        compact ? "sm:items-center sm:p-5 sm:pt-6 sm:text-center" : "sm:p-0"
      } ${featured ? "ring-2 ring-accent-400" : ""}`}
    >
      <ResponsiveImage
        src={photoURL}
        alt={t("people.card.portrait", { name })}
        width={400}
        height={400}
        sizes={compact ? "(min-width: 640px) 112px, 56px" : "(min-width: 768px) 33vw, (min-width: 640px) 50vw, 80px"}
        loading={lazy ? "lazy" : "eager"}
        decoding="async"
        className={`shrink-0 bg-slate-100 object-cover ${
          compact
            ? "size-14 rounded-full ring-4 ring-slate-100 sm:size-28"
            : "size-20 rounded-lg sm:aspect-square sm:size-auto sm:w-full sm:rounded-none"
        }`}
      />
      <div className={`flex min-w-0 flex-1 flex-col gap-1 ${compact ? "sm:w-full sm:pt-4" : "sm:p-5"}`}>
        <Heading lang={langOf(name)} className="text-base font-semibold text-navy-900 sm:text-lg">
          {href ? (
            <a
              href={href}
              className="text-navy-900 underline decoration-slate-300 underline-offset-4 hover:decoration-navy-700"
            >
              {name}
            </a>
          ) : (
            name
          )}
        </Heading>
        <div className={`flex flex-wrap gap-x-3 gap-y-1 sm:flex-col ${compact ? "sm:items-center" : ""}`}>
          {lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list per page; the position is the identity
            <p key={index} className="text-sm text-slate-600">
              {line}
            </p>
          ))}
        </div>
        {email && (
          <p className="text-[0.8125rem] sm:mt-1 sm:text-sm">
            <EmailLink email={email} />
          </p>
        )}
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
