// The waiting room: a tone and a notification when someone sits down or the hand
// starts (the turn alert's sound switch), the countdown that offers filling empty seats with
// bots, the invite's copy button, and the chat's per-player mute (remembered in this browser).
// Plain ES2020, no inline code (CSP script-src 'self').
(() => {
  "use strict";

  const MUTED_KEY = "baohuang.chat-muted";
  const byId = (id) => document.getElementById(id);
  let people = -1; // occupied seats last seen
  let phase = "";
  let waitingSince = 0;

  function mutedNames() {
    try {
      return new Set(JSON.parse(localStorage.getItem(MUTED_KEY) || "[]"));
    } catch (e) {
      return new Set();
    }
  }

  function saveMuted(names) {
    try {
      localStorage.setItem(MUTED_KEY, JSON.stringify(Array.from(names)));
    } catch (e) {
      /* private mode: the mute lasts for the page */
    }
  }

  function applyMutes() {
    const muted = mutedNames();
    for (const li of document.querySelectorAll("#chat-log li[data-from]")) {
      li.hidden = muted.has(li.dataset.from);
    }
    const unmute = byId("chat-unmute");
    if (unmute) unmute.hidden = muted.size === 0;
  }

  function ring(text, freq) {
    if (typeof window.baohuangTone === "function") window.baohuangTone(freq, 120, 2);
    if (document.hidden && "Notification" in window && Notification.permission === "granted") {
      try {
        new Notification(text);
      } catch (e) {
        /* notifications unavailable: the tone told */
      }
    }
  }

  function watch() {
    const controls = byId("controls");
    const room = byId("waiting-room");
    const now = controls ? controls.dataset.phase || "" : "";
    const seated = document.querySelector(".seat.is-me") !== null;
    const count = document.querySelectorAll(".seat:not(.is-empty)").length;
    const empty = document.querySelectorAll(".seat.is-empty").length;
    const between = now === "waiting" || now === "finished";
    if (room && seated) {
      if (between && people >= 0 && count > people) ring(room.dataset.satText || "", 660);
      if (!between && phase !== "" && phase !== now && (phase === "waiting" || phase === "finished")) {
        ring(room.dataset.startText || "", 880);
      }
    }
    people = count;
    phase = now;
    const say = byId("chat-say");
    if (say) say.hidden = !seated;
    if (!room) return;
    // No button: a tournament's table, which seats its own bots (no offer to show).
    const offer = seated && between && empty > 0 && byId("fill-bots") !== null;
    if (offer && waitingSince === 0) waitingSince = Date.now();
    if (!offer) waitingSince = 0;
    room.hidden = !offer;
    countdown();
  }

  function countdown() {
    const room = byId("waiting-room");
    const button = byId("fill-bots");
    const text = byId("fill-text");
    if (!room || !button || !text || room.hidden) return;
    const wait = Number(room.dataset.wait || "0") * 1000;
    const left = Math.max(0, Math.ceil((waitingSince + wait - Date.now()) / 1000));
    button.disabled = left > 0;
    const line = left > 0 ? (room.dataset.countdownText || "").replace("{n}", String(left)) : room.dataset.offerText || "";
    if (text.textContent !== line) text.textContent = line;
  }

  function start() {
    const root = byId("table-root");
    if (!root) return;
    document.addEventListener("click", (event) => {
      // The buttons hold SVG icons: a click on the icon targets the <svg> or its <path>.
      const target = event.target instanceof Element ? event.target.closest("button") : null;
      if (!(target instanceof HTMLElement)) return;
      if (target.dataset.mute) {
        const names = mutedNames();
        names.add(target.dataset.mute);
        saveMuted(names);
        applyMutes();
      } else if (target.id === "chat-unmute") {
        saveMuted(new Set());
        applyMutes();
      } else if (target.id === "invite-copy" && target.dataset.copy) {
        const done = () => {
          target.textContent = target.dataset.done || target.textContent;
        };
        if (navigator.clipboard) navigator.clipboard.writeText(target.dataset.copy).then(done, () => {});
      }
    });
    new MutationObserver(() => {
      watch();
      applyMutes();
    }).observe(root, { childList: true, subtree: true });
    watch();
    applyMutes();
    setInterval(countdown, 250);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
