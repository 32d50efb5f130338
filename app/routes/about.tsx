import { Link } from "react-router";
import { PageHeader } from "~/components/page-header";
import { VideoPlayer } from "~/components/video-player";
import { about, communityBlocks } from "~/content/about";
import { welcome } from "~/content/home";
import type { SiteSettings } from "~/content/site";
import { useSiteSettings } from "~/domain/settings";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/about";

export function meta(args: Route.MetaArgs) {
  return seoMeta(args, {
    title: about.heading,
    description:
      "Founded in 2001 with 60 members, RMSTU Programming Club runs programming contests, workshops, seminars and webinars. Motto: Upgrade yourself.",
  });
}

export default function About() {
  const settings = useSiteSettings();
  return (
    <>
      <PageHeader eyebrow="Since 2001" title={about.heading}>
        <p>{about.lead}</p>
      </PageHeader>
      <div className="container-page grid grid-cols-1 gap-12 py-12 lg:grid-cols-[3fr_2fr]">
        <div className="space-y-4 text-lg leading-relaxed text-slate-700">
          {about.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        <section aria-labelledby="achievements">
          <h2 id="achievements" className="text-xl font-bold text-navy-900">
            {about.achievementsHeading}
          </h2>
          <dl className="mt-4 grid grid-cols-2 gap-4">
            {about.achievements.map((item) => (
              <div key={item.label} className="card flex flex-col p-4">
                <dt className="text-sm text-slate-600">{item.label}</dt>
                <dd className="order-first text-3xl font-extrabold text-navy-900">{item.figure}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
      <section aria-labelledby="video" className="container-page py-4">
        <h2 id="video" className="mb-6 text-2xl font-bold text-navy-900">
          {about.videoHeading}
        </h2>
        <div className="max-w-3xl">
          <VideoPlayer
            embedUrl={settings.videoEmbedUrl}
            posterUrl={settings.videoPosterUrl}
            title={welcome.videoTitle}
            label={welcome.videoLabel}
          />
        </div>
      </section>
      <section aria-labelledby="community" className="container-page py-12">
        <h2 id="community" className="mb-6 text-2xl font-bold text-navy-900">
          {about.communityHeading}
        </h2>
        <ul className="grid gap-6 md:grid-cols-3">
          {communityBlocks.map((block) => (
            <li key={block.title} className="card flex flex-col p-6">
              <h3 className="text-lg font-semibold text-navy-900">{block.title}</h3>
              <p className="mt-2 flex-1 text-slate-600">{block.text}</p>
              <p className="mt-4">
                <CommunityLink setting={block.setting} label={block.linkLabel} settings={settings} />
              </p>
            </li>
          ))}
        </ul>
      </section>
      <script src="/js/site.js" defer />
    </>
  );
}

function CommunityLink({
  setting,
  label,
  settings,
}: {
  setting: "facebookUrl" | "email" | null;
  label: string;
  settings: SiteSettings;
}) {
  const className = "btn-navy";
  if (setting === null)
    return (
      <Link to="/notice" className={className}>
        {label}
      </Link>
    );
  const href = setting === "email" ? `mailto:${settings.email}` : settings[setting];
  return (
    <a href={href} className={className} rel="noopener">
      {label}
    </a>
  );
}
