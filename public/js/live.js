// A live contest's page: each board the server sends (Server-Sent Events) replaces the one shown,
// and rows that changed rank slide to their new place unless the reader prefers reduced motion.
// The projector's clocks count down, and its table pages by itself. Without this file the page
// still shows the board as it was when loaded, with a reload link.
(() => {
  const root = document.querySelector("[data-live-board]");
  if (!root) return;
  const calm = window.matchMedia("(prefers-reduced-motion: reduce)");
  const pad = (n) => String(n).padStart(2, "0");
  const tick = () => {
    for (const clock of document.querySelectorAll("[data-clock]")) {
      const left = Math.floor((Date.parse(clock.dataset.clock) - Date.now()) / 1000);
      if (left < 0 || !clock.dataset.label) continue;
      const time = `${Math.floor(left / 3600)}:${pad(Math.floor(left / 60) % 60)}:${pad(left % 60)}`;
      clock.textContent = clock.dataset.label.replace("{time}", time);
    }
  };
  tick();
  setInterval(tick, 1000);
  const projector = root.hasAttribute("data-projector");
  // During the reveal the projector follows the row being resolved instead of paging: a third
  // down the screen (its scroll margin), above where the award card shows.
  const follow = () => {
    const row = root.querySelector("[data-resolving]");
    if (projector && row) row.scrollIntoView({ block: "start", behavior: calm.matches ? "auto" : "smooth" });
  };
  follow();
  if (projector) {
    setInterval(() => {
      if (root.querySelector("[data-reveal-step]")) return;
      const atEnd = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
      const top = atEnd ? 0 : window.scrollY + window.innerHeight * 0.8;
      window.scrollTo({ top, behavior: calm.matches ? "auto" : "smooth" });
    }, 8000);
  }
  if (!("EventSource" in window)) return;
  const source = new EventSource(root.getAttribute("data-live-board"));
  source.addEventListener("board", (event) => {
    const { version, html } = JSON.parse(event.data);
    if (version === root.getAttribute("data-version")) return;
    const before = new Map();
    for (const row of root.querySelectorAll("[data-team]"))
      before.set(row.dataset.team, row.getBoundingClientRect().top);
    root.innerHTML = html;
    root.setAttribute("data-version", version);
    follow();
    if (calm.matches || !Element.prototype.animate) return;
    for (const row of root.querySelectorAll("[data-team]")) {
      const top = before.get(row.dataset.team);
      const moved = top === undefined ? 0 : top - row.getBoundingClientRect().top;
      if (moved) {
        row.animate([{ transform: `translateY(${moved}px)` }, { transform: "none" }], {
          duration: 600,
          easing: "ease-out",
        });
      }
    }
  });
})();
