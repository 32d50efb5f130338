// The site header's menus, made keyboard- and pointer-friendly. Without this file both still
// work: the phone menu opens with its checkbox, the panels list with <details>.
(() => {
  const header = document.querySelector("header[data-site-header]");
  if (!header) return;

  // The phone menu becomes a real button (aria-expanded; Enter, Space and Escape). The
  // checkbox stays what shows the navigation, out of sight and out of the Tab order.
  const button = header.querySelector("[data-menu-button]");
  const checkbox = header.querySelector("#nav-toggle");
  const label = header.querySelector("label[for='nav-toggle']");
  const nav = header.querySelector("#site-nav");
  if (button && checkbox && label && nav) {
    const isOpen = () => button.getAttribute("aria-expanded") === "true";
    const setOpen = (open) => {
      button.setAttribute("aria-expanded", String(open));
      checkbox.checked = open;
    };
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
      if (event.key !== "Escape" || !isOpen()) return;
      setOpen(false);
      button.focus();
    });
  }

  // The panels list closes on Escape, a click elsewhere, or focus moving out of it.
  const panels = header.querySelector("details[data-panels]");
  if (panels) {
    const summary = panels.querySelector("summary");
    const close = () => {
      panels.open = false;
    };
    document.addEventListener("keydown", (event) => {
      if (event.key !== "Escape" || !panels.open) return;
      const hadFocus = panels.contains(document.activeElement);
      close();
      if (hadFocus) summary?.focus();
    });
    document.addEventListener("pointerdown", (event) => {
      if (panels.open && event.target instanceof Node && !panels.contains(event.target)) close();
    });
    panels.addEventListener("focusout", (event) => {
      if (event.relatedTarget instanceof Node && !panels.contains(event.relatedTarget)) close();
    });
  }
})();
