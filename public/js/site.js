// Progressive enhancements of the public pages; each page works fully without this file.
(() => {
  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const ADVANCE_MS = 6000;

  function setupCarousel(carousel) {
    const track = carousel.querySelector("[data-carousel-track]");
    const slides = [...carousel.querySelectorAll("[data-carousel-slide]")];
    const dots = [...carousel.querySelectorAll("[data-carousel-dot]")];
    const pauseButton = carousel.querySelector("[data-carousel-pause]");
    if (!track || slides.length < 2) return;
    let current = 0;

    const show = (index) => {
      current = (index + slides.length) % slides.length;
      track.scrollTo({ left: slides[current].offsetLeft, behavior: reducedMotion ? "auto" : "smooth" });
    };
    const markCurrent = (index) => {
      current = index;
      dots.forEach((dot, i) => {
        if (i === index) dot.setAttribute("aria-current", "true");
        else dot.removeAttribute("aria-current");
      });
    };
    // Dots stay links (they work without JS); here they scroll only the track, not the page.
    for (const [i, dot] of dots.entries()) {
      dot.addEventListener("click", (event) => {
        event.preventDefault();
        show(i);
      });
    }
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) if (entry.isIntersecting) markCurrent(slides.indexOf(entry.target));
      },
      { root: track, threshold: 0.6 },
    );
    for (const slide of slides) observer.observe(slide);

    if (reducedMotion || !pauseButton) return;
    let paused = false;
    let holding = false; // pointer or keyboard focus inside: never move content under the visitor
    pauseButton.hidden = false;
    pauseButton.setAttribute("aria-pressed", "false");
    pauseButton.addEventListener("click", () => {
      paused = !paused;
      pauseButton.setAttribute("aria-pressed", String(paused));
      pauseButton.textContent = paused ? pauseButton.dataset.playLabel : pauseButton.dataset.pauseLabel;
    });
    carousel.addEventListener("pointerenter", () => (holding = true));
    carousel.addEventListener("pointerleave", () => (holding = false));
    carousel.addEventListener("focusin", () => (holding = true));
    carousel.addEventListener("focusout", () => (holding = false));
    setInterval(() => {
      if (!paused && !holding && !document.hidden) show(current + 1);
    }, ADVANCE_MS);
  }

  // The video site's player loads only when the visitor asks for it.
  function setupVideo(link) {
    link.addEventListener("click", (event) => {
      event.preventDefault();
      const iframe = document.createElement("iframe");
      const src = new URL(link.dataset.videoEmbed, location.href);
      src.searchParams.set("autoplay", "1");
      iframe.src = src.toString();
      iframe.title = link.dataset.videoTitle || "Video";
      iframe.allow = "accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture; fullscreen";
      iframe.allowFullscreen = true;
      iframe.className = "absolute inset-0 size-full border-0";
      link.replaceWith(iframe);
      iframe.focus();
    });
  }

  document.querySelectorAll("[data-carousel]").forEach(setupCarousel);
  document.querySelectorAll("[data-video-embed]").forEach(setupVideo);
})();
