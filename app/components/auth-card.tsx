import type { ReactNode } from "react";

/** The frame of the login and register screens: one centred card with the page's h1. */
export function AuthCard({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <section className="container-page flex justify-center py-12 sm:py-16">
      <div className="card w-full max-w-md p-6 sm:p-8">
        <h1 className="text-2xl font-bold text-navy-900">{heading}</h1>
        <div className="mt-6 flex flex-col gap-5">{children}</div>
      </div>
    </section>
  );
}
