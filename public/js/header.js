// The site's menus, made keyboard- and pointer-friendly. Without this file they still work:
// the phone menu opens with its checkbox, the panels list and the theme menus with <details>.
(() => {
  // Every disclosure menu (<details data-disclosure>: the panels list, the theme menus of the
  // header and of the dashboard's bar) closes on Escape (focus back on its button), on a click
  // elsewhere, or when focus leaves it. Listening on the document also covers the menus a
  // hydrated page renders again.
  const openMenus = () => document.querySelectorAll("details[data-disclosure][open]");
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    for (const menu of openMenus()) {
      const hadFocus = menu.contains(document.activeElement);
      menu.open = false;
      if (!hadFocus) continue;
      menu.querySelector("summary")?.focus();
      // The innermost menu closes first: the phone menu around it stays open.
      event.preventDefault();
    }
  });
  document.addEventListener("pointerdown", (event) => {
    for (const menu of openMenus()) {
      if (!(event.target instanceof Node && menu.contains(event.target))) menu.open = false;
    }
  });
  document.addEventListener("focusout", (event) => {
    const menu = event.target instanceof Element ? event.target.closest("details[data-disclosure][open]") : null;
    if (menu && event.relatedTarget instanceof Node && !menu.contains(event.relatedTarget)) menu.open = false;
  });

  // The phone menu becomes a real button (aria-expanded; Enter, Space and Escape). The
  // checkbox stays what shows the navigation, out of sight and out of the Tab order.
  const header = document.querySelector("header[data-site-header]");
  const button = header?.querySelector("[data-menu-button]");
  const checkbox = header?.querySelector("#nav-toggle");
  const label = header?.querySelector("label[for='nav-toggle']");
  const nav = header?.querySelector("#site-nav");
  const isOpen = () => button?.getAttribute("aria-expanded") === "true";
  const setOpen = (open) => {
    button?.setAttribute("aria-expanded", String(open));
    if (checkbox) checkbox.checked = open;
  };
  if (button && checkbox && label && nav) {
    checkbox.tabIndex = -1;
    checkbox.setAttribute("aria-hidden", "true");
    label.hidden = true;
    button.hidden = false;
    setOpen(checkbox.checked);
    button.addEventListener("click", () => setOpen(!isOpen()));
    nav.addEventListener("click", (event) => {
      if (event.target instanceof Element && event.target.closest("a")) setOpen(false);
    });
    document.addEventListener("keydown", (event) => {
      if (event.key !== "Escape" || event.defaultPrevented || !isOpen()) return;
      setOpen(false);
      button.focus();
    });
    // Focus moving on past the menu (Tab after its last item) closes it: the page's controls
    // it would reach lie under the open menu.
    nav.addEventListener("focusout", (event) => {
      const to = event.relatedTarget;
      if (isOpen() && to instanceof Node && !nav.contains(to) && to !== button) setOpen(false);
    });
  }

  // The language and theme switches post and the page comes back: focus returns to the
  // switch (the theme menu's button), so a keyboard user goes on from where they were.
  const RETURN_KEY = "focus-after-switch";
  const remember = (value) => {
    try {
      if (value) sessionStorage.setItem(RETURN_KEY, value);
      else sessionStorage.removeItem(RETURN_KEY);
    } catch {
      // Storage refused (a private window's setting): focus starts at the top, as without this file.
    }
  };
  const returnTargetOf = (form) => {
    if (form.closest("[data-theme-switch]")) return "[data-theme-switch] summary";
    if (form.matches("[data-language-switch]")) return "[data-language-switch] button";
    return null;
  };
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    const target = returnTargetOf(form);
    if (target) remember(JSON.stringify({ target, path: location.pathname }));
  });
  let saved = null;
  try {
    saved = JSON.parse(sessionStorage.getItem(RETURN_KEY) ?? "null");
  } catch {
    saved = null;
  }
  remember(null);
  if (saved && saved.path === location.pathname && typeof saved.target === "string") {
    const target = document.querySelector(saved.target);
    // On a phone the header's switches sit in the menu: it opens again, as it was.
    const menuShown = button && button.getClientRects().length > 0;
    if (target && menuShown && nav?.contains(target)) setOpen(true);
    target?.focus();
  }
})();
