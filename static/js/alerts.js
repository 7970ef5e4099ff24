// The table's turn alerts, shared by the Baohuang table (table.js) and the Red Ten table: the
// tab's title and favicon, a tone, a notification when the tab is hidden, and a warning five
// seconds before the viewer's own deadline (.main-countdown[data-mine]). The texts are the
// page's own (#table-root data-turn-title, data-warn-text, data-notify-*). Plain ES2020, no
// inline code (CSP script-src 'self').
(() => {
  "use strict";

  const byId = (id) => document.getElementById(id);
  const { parseDeadline } = window.tableClock;
  const api = { onWarn: null }; // a page may show the warning's words (table.js: its hint)

  const MUTE_KEY = "baohuang.mute";
  const NOTIFY_KEY = "baohuang.notify-asked";
  let audio = null;
  let wasMyTurn = false;
  let turnNote = null; // the "your turn" notification on screen, if any
  let warnedFor = "";
  let baseTitle = "";
  let baseIcon = "";

  const ICON = (fill) =>
    "data:image/svg+xml," +
    encodeURIComponent(
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="15" fill="${fill}"/>` +
        '<text x="16" y="23" font-size="20" text-anchor="middle" fill="#ffe08a">♛</text></svg>',
    );

  function store(key, value) {
    try {
      if (value === undefined) return localStorage.getItem(key);
      localStorage.setItem(key, value);
    } catch (e) {
      /* private mode: settings last for the page */
    }
    return null;
  }

  const muted = () => store(MUTE_KEY) === "1";

  // Web Audio: a short tone, no sound files. Browsers start audio only after a gesture.
  function tone(freq, ms, times) {
    if (muted()) return;
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return;
    try {
      audio = audio || new Ctx();
      if (audio.state === "suspended") audio.resume();
      for (let i = 0; i < times; i += 1) {
        const start = audio.currentTime + i * (ms / 1000 + 0.08);
        const osc = audio.createOscillator();
        const gain = audio.createGain();
        osc.frequency.value = freq;
        gain.gain.setValueAtTime(0.0001, start);
        gain.gain.exponentialRampToValueAtTime(0.2, start + 0.02);
        gain.gain.exponentialRampToValueAtTime(0.0001, start + ms / 1000);
        osc.connect(gain).connect(audio.destination);
        osc.start(start);
        osc.stop(start + ms / 1000 + 0.02);
      }
    } catch (e) {
      /* no audio: the title and the favicon still tell */
    }
  }

  // The waiting room (waiting_room.js) rings with the same tone and the same switch.
  window.baohuangTone = tone;

  function setIcon(href) {
    let link = document.querySelector("link[rel~='icon']");
    if (!link) {
      link = document.createElement("link");
      link.rel = "icon";
      document.head.appendChild(link);
    }
    link.href = href;
  }

  // The viewer owes a move: the controls (or, while cards are played, the turn's buttons) say
  // data-my-turn="1", or offer a decision button the seat may press.
  function myTurnNow() {
    if (document.querySelector("#table-root [data-my-turn='1']")) return true;
    return document.querySelector("#table-root .controls .decide-button:not([disabled])") !== null;
  }

  function alertTurn() {
    const root = byId("table-root");
    const mine = myTurnNow();
    document.body.classList.toggle("my-turn", mine);
    if (mine && !wasMyTurn) {
      document.title = `● ${(root && root.dataset.turnTitle) || "!"} · ${baseTitle}`;
      setIcon(ICON("#b3261e"));
      tone(880, 140, 2);
      notify(root);
    } else if (!mine && wasMyTurn) {
      document.title = baseTitle;
      setIcon(baseIcon);
      closeNote(); // the turn is over (played, passed or auto-played): the note is stale
    }
    wasMyTurn = mine;
  }

  function notify(root) {
    if (!root || !document.hidden || !("Notification" in window)) return;
    if (Notification.permission !== "granted") return;
    try {
      const n = new Notification(root.dataset.notifyTitle || "", {
        body: root.dataset.notifyBody || "",
        tag: "baohuang-turn",
      });
      n.onclick = () => {
        window.focus();
        n.close();
      };
      turnNote = n;
    } catch (e) {
      /* some browsers notify only from a service worker */
    }
  }

  function closeNote() {
    if (!turnNote) return;
    try {
      turnNote.close();
    } catch (e) {
      /* already gone */
    }
    turnNote = null;
  }

  // Five seconds before the viewer's own deadline: a second tone and a visible warning.
  function warnDeadline() {
    const clock = document.querySelector(".main-countdown[data-mine='1']");
    const deadline = clock ? clock.dataset.deadline || "" : "";
    const left = clock ? (parseDeadline(deadline) - Date.now()) / 1000 : NaN;
    const urgent = left > 0 && left <= 5;
    document.body.classList.toggle("deadline-near", urgent);
    if (!urgent || warnedFor === deadline) return;
    warnedFor = deadline;
    tone(660, 120, 3);
    const root = byId("table-root");
    if (root && api.onWarn) api.onWarn(root.dataset.warnText || "");
  }

  function setupAlerts() {
    baseTitle = document.title;
    const link = document.querySelector("link[rel~='icon']");
    baseIcon = link ? link.href : ICON("#154329");
    if (!link) setIcon(baseIcon);
    const sound = byId("sound-toggle");
    const paintSound = () => {
      if (!sound) return;
      const off = muted();
      sound.setAttribute("aria-pressed", off ? "false" : "true");
      sound.classList.toggle("off", off);
      const text = sound.querySelector(".tool-text");
      if (text) text.textContent = off ? sound.dataset.off : sound.dataset.on;
    };
    paintSound();
    if (sound) {
      sound.addEventListener("click", () => {
        store(MUTE_KEY, muted() ? "0" : "1");
        paintSound();
        tone(880, 100, 1);
      });
    }
    // Back on the tab, the player sees the table itself: the notification has done its job.
    document.addEventListener("visibilitychange", () => {
      if (!document.hidden) closeNote();
    });
    // Notifications are optional and asked for once, on the player's own click.
    const bell = byId("notify-toggle");
    if (
      bell &&
      "Notification" in window &&
      Notification.permission === "default" &&
      store(NOTIFY_KEY) !== "1"
    ) {
      bell.hidden = false;
      bell.addEventListener("click", () => {
        store(NOTIFY_KEY, "1");
        bell.hidden = true;
        Notification.requestPermission();
      });
    }
    const unlock = () => {
      if (muted()) return;
      const Ctx = window.AudioContext || window.webkitAudioContext;
      if (Ctx && !audio) audio = new Ctx();
      if (audio && audio.state === "suspended") audio.resume();
    };
    document.addEventListener("pointerdown", unlock, { once: true });
    document.addEventListener("keydown", unlock, { once: true });
    // Collapsible panels (play log, card counter) remember whether they were open.
    for (const box of document.querySelectorAll("details[data-remember]")) {
      const key = `baohuang.open.${box.dataset.remember}`;
      if (store(key) === "1") box.open = true;
      box.addEventListener("toggle", () => store(key, box.open ? "1" : "0"));
    }
  }

  Object.assign(api, { setupAlerts, alertTurn, warnDeadline, tone });
  window.tableAlerts = api;

  // A page without table.js (the Red Ten table) starts its alerts here; table.js starts them
  // itself, after its own first look at the page.
  function start() {
    const root = byId("table-root");
    if (!root || root.dataset.alerts !== "self") return;
    setupAlerts();
    alertTurn();
    new MutationObserver(alertTurn).observe(root, { childList: true, subtree: true });
    setInterval(warnDeadline, 250);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
