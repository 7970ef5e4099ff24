// The table's clocks, shared by the Baohuang table (table.js uses them) and the Red Ten table:
// every [data-deadline] element shows the seconds left, marked urgent in the last five.
// Plain ES2020, no inline code (CSP script-src 'self').
(() => {
  "use strict";

  function parseDeadline(text) {
    // Python writes microseconds; keep milliseconds for every browser's Date.parse.
    return Date.parse((text || "").replace(/(\.\d{3})\d+/, "$1"));
  }

  function tick() {
    const now = Date.now();
    for (const el of document.querySelectorAll("[data-deadline]")) {
      const deadline = parseDeadline(el.dataset.deadline);
      if (Number.isNaN(deadline)) {
        if (el.textContent !== "") el.textContent = "";
        continue;
      }
      const left = Math.max(0, Math.ceil((deadline - now) / 1000));
      const text = String(left);
      if (el.textContent !== text) el.textContent = text;
      el.classList.toggle("urgent", left <= 5);
    }
  }

  window.tableClock = { parseDeadline, tick };
  setInterval(tick, 250);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", tick);
  else tick();
  // A pushed fragment shows its clocks at once, not up to a quarter second later.
  document.addEventListener("htmx:wsAfterMessage", tick);
})();
