interface VideoPlayerProps {
  embedUrl: string;
  posterUrl: string;
  title: string;
  label: string;
}

/**
 * A poster with a play control. /js/site.js swaps in the player only when pressed, so the
 * page never loads the video site's scripts unasked; without JavaScript the control is a link.
 */
export function VideoPlayer({ embedUrl, posterUrl, title, label }: VideoPlayerProps) {
  return (
    <div className="relative aspect-video overflow-hidden rounded-xl bg-navy-950 shadow-lg" data-video>
      <a
        href={embedUrl}
        data-video-embed={embedUrl}
        data-video-title={title}
        className="group absolute inset-0 block"
        target="_blank"
        rel="noopener"
      >
        <img
          src={posterUrl}
          alt=""
          width={1280}
          height={720}
          loading="lazy"
          decoding="async"
          className="size-full object-cover opacity-90 transition-opacity group-hover:opacity-100"
        />
        <span className="absolute inset-0 grid place-items-center">
          <span className="flex items-center gap-3 rounded-full bg-accent-400 py-3 pr-6 pl-4 font-semibold text-navy-950 shadow-lg transition-transform group-hover:scale-105">
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-7" fill="currentColor">
              <path d="M8 5.5v13l11-6.5z" />
            </svg>
            {label}
          </span>
        </span>
      </a>
    </div>
  );
}
