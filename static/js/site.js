// Site-wide: the header's menu is a <details> that folds the links away on a phone; on a
// wide screen it stays open (its summary is hidden by site.css), so the links show inline.
(() => {
  "use strict";
  const WIDE = window.matchMedia("(min-width: 901px)");
  function fit() {
    const menu = document.getElementById("site-menu");
    if (menu) menu.open = WIDE.matches;
  }
  function start() {
    fit();
    WIDE.addEventListener("change", fit);
    // Close the phone menu when tapping elsewhere.
    document.addEventListener("click", (event) => {
      const menu = document.getElementById("site-menu");
      if (menu && menu.open && !WIDE.matches && !menu.contains(event.target)) menu.open = false;
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
