// Countdowns to a moment: every [data-until] element (an ISO time) shows the hours, minutes
// and seconds left (the daily challenge's day, the next recurring tournament); one with
// [data-alert] says its text, linked to [data-href], when it reaches zero.
// Plain ES2020, no inline code (CSP script-src 'self').
(() => {
  "use strict";

  function pad(n) {
    return String(n).padStart(2, "0");
  }

  function tick() {
    const now = Date.now();
    for (const el of document.querySelectorAll("[data-until]")) {
      const until = Date.parse(el.dataset.until);
      if (Number.isNaN(until)) continue;
      const left = Math.max(0, Math.floor((until - now) / 1000));
      const text = `${Math.floor(left / 3600)}:${pad(Math.floor(left / 60) % 60)}:${pad(left % 60)}`;
      if (el.textContent !== text) el.textContent = text;
      if (left === 0 && el.dataset.alert && !el.dataset.alerted) alertOnce(el);
    }
  }

  // A registered player's tournament starts while the page is open: say so, once, with a
  // link to it (the start itself is the keeper's, at the same time).
  function alertOnce(el) {
    el.dataset.alerted = "1";
    const note = document.createElement("p");
    note.className = "notice tournament-starts";
    note.id = "tournament-starts";
    note.setAttribute("role", "alert");
    const link = document.createElement("a");
    link.href = el.dataset.href;
    link.textContent = el.dataset.alert;
    note.append(link);
    (document.querySelector("main") || document.body).prepend(note);
  }

  setInterval(tick, 1000);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", tick);
  else tick();
})();
