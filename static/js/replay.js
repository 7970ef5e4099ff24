// The replay page (templates/game/replay.html): play/pause at a chosen speed, keyboard
// arrows, and the timeline's highlight. Every step is a server-rendered fragment fetched by
// htmx from a link in the page; this script only clicks those links. No eval, no inline code.
(function () {
  "use strict";

  if (!document.getElementById("replay")) return;
  let playing = false;
  let timer = null;

  function step() {
    return document.getElementById("replay-step");
  }

  function go(nav) {
    const current = step();
    const link = current && current.querySelector('a[data-nav="' + nav + '"]');
    if (!link) return false;
    link.click();
    return true;
  }

  function delay() {
    const speed = document.getElementById("replay-speed");
    const value = Number(speed && speed.value);
    return value > 0 ? value : 1000;
  }

  function setPlaying(on) {
    playing = on;
    if (timer !== null) {
      window.clearTimeout(timer);
      timer = null;
    }
    const playButton = document.getElementById("replay-play");
    if (playButton) {
      playButton.textContent = on ? playButton.dataset.pauseText : playButton.dataset.playText;
      playButton.classList.toggle("on", on);
      playButton.setAttribute("aria-pressed", on ? "true" : "false");
    }
  }

  function scheduleNext() {
    if (!playing) return;
    timer = window.setTimeout(function () {
      timer = null;
      if (!playing) return;
      if (!go("next")) setPlaying(false);
    }, delay());
  }

  function togglePlay() {
    if (playing) {
      setPlaying(false);
      return;
    }
    const current = step();
    if (current && current.dataset.step === current.dataset.last) {
      // At the end: start over from the deal.
      setPlaying(true);
      const first = current.querySelector('a[data-nav="first"]');
      if (first) first.click();
      return;
    }
    setPlaying(true);
    if (!go("next")) setPlaying(false);
  }

  function highlight() {
    const current = step();
    if (!current) return;
    const n = current.dataset.step;
    document.querySelectorAll("#replay-timeline a.timeline-step").forEach(function (a) {
      const on = a.dataset.step === n;
      a.classList.toggle("current", on);
      if (on) {
        a.setAttribute("aria-current", "step");
        const list = a.closest(".replay-timeline");
        if (list) {
          // Centre the current move in the timeline without scrolling the page.
          const offset = a.getBoundingClientRect().top - list.getBoundingClientRect().top;
          list.scrollTop = Math.max(0, list.scrollTop + offset - list.clientHeight / 2);
        }
      } else {
        a.removeAttribute("aria-current");
      }
    });
    const trick = current.dataset.trick;
    document.querySelectorAll(".replay-tricks a.trick-link").forEach(function (a) {
      a.classList.toggle("current", a.dataset.trick === trick);
    });
  }

  document.body.addEventListener("htmx:afterSwap", function (event) {
    const target = event.detail && event.detail.elt;
    if (!target || target.id !== "replay-step") {
      if (!step()) return;
    }
    highlight();
    scheduleNext();
  });

  document.body.addEventListener("htmx:responseError", function () {
    setPlaying(false);
  });

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const tag = event.target && event.target.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    const keys = {
      ArrowRight: "next",
      ArrowLeft: "prev",
      ArrowDown: "next-trick",
      ArrowUp: "prev-trick",
      PageDown: "next-trick",
      PageUp: "prev-trick",
      Home: "first",
      End: "last",
    };
    if (event.key === " " || event.key === "Spacebar") {
      event.preventDefault();
      togglePlay();
      return;
    }
    const nav = keys[event.key];
    if (!nav) return;
    event.preventDefault();
    setPlaying(false);
    go(nav);
  });

  document.addEventListener("click", function (event) {
    const target = event.target;
    if (target instanceof Element && target.closest("#replay-play")) togglePlay();
  });

  // The player controls need this script, so they are shown only when it runs; htmx's
  // history restore replaces the page body, so this runs again after it.
  function init() {
    const player = document.getElementById("replay-player");
    if (player) player.hidden = false;
    setPlaying(false);
    highlight();
  }

  document.body.addEventListener("htmx:historyRestore", init);
  init();
})();
