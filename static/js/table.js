// The table page's behaviour: card selection (RULES §8.4), a client-side legality check
// for the Play button (§4.2, §4.3, §4.8; the server re-checks everything), keyboard keys,
// countdowns and the reconnect badge. Plain ES2020, no inline code (CSP script-src 'self').
(() => {
  "use strict";

  const PSYCH_INTERVAL_MS = 3000; // RULES §8.3
  const SEND_GUARD_MS = 1500; // a double click sends one play

  const raised = new Set(); // codes of the raised cards; survives pushes of #my-hand
  let lastCode = null; // the last clicked card, the start of a Ctrl+click run
  let drag = null; // {on: bool} while the pointer is down on the hand
  let seenHint = null;
  let seenControls = null;
  let seenVersion = null; // the #ver input, replaced by every push
  let seenVersionValue = null;
  let sendingUntil = 0;
  let psychUntil = 0;
  let hintTimer = 0;

  const byId = (id) => document.getElementById(id);
  const handCards = () => Array.from(document.querySelectorAll("#my-hand .card[data-card]"));

  // --- selection -----------------------------------------------------------------------

  function setRaised(card, on) {
    card.classList.toggle("raised", on);
    card.setAttribute("aria-pressed", on ? "true" : "false");
    if (on) raised.add(card.dataset.card);
    else raised.delete(card.dataset.card);
  }

  function lowerAll() {
    raised.clear();
    for (const card of handCards()) setRaised(card, false);
    lastCode = null;
    update();
  }

  function raiseExactly(codes) {
    raised.clear();
    for (const code of codes) raised.add(code);
    syncHand();
    update();
  }

  // Re-raise the codes still in the (possibly new) hand; forget the others.
  function syncHand() {
    const present = new Set();
    for (const card of handCards()) {
      present.add(card.dataset.card);
      const on = raised.has(card.dataset.card);
      card.classList.toggle("raised", on);
      card.setAttribute("aria-pressed", on ? "true" : "false");
    }
    for (const code of Array.from(raised)) if (!present.has(code)) raised.delete(code);
    if (lastCode !== null && !present.has(lastCode)) lastCode = null;
    const hand = byId("my-hand");
    if (hand) hand.dataset.selected = String(raised.size);
  }

  function selectRun(card) {
    const cards = handCards();
    const to = cards.indexOf(card);
    const from = lastCode === null ? -1 : cards.findIndex((c) => c.dataset.card === lastCode);
    if (from < 0) {
      setRaised(card, true);
    } else {
      const [lo, hi] = from <= to ? [from, to] : [to, from];
      for (let i = lo; i <= hi; i += 1) setRaised(cards[i], true);
    }
    lastCode = card.dataset.card;
  }

  // --- legality (UX only) --------------------------------------------------------------

  const strengths = (text) =>
    (text || "").trim().split(/\s+/).filter(Boolean).map(Number).sort((a, b) => b - a);

  function selection() {
    return handCards()
      .filter((c) => raised.has(c.dataset.card))
      .map((c) => Number(c.dataset.strength))
      .sort((a, b) => b - a);
  }

  // What the legality check reads of the viewer's turn: the turn's buttons carry it while
  // the cards are played (empty attributes off turn).
  function turnData() {
    const turn = byId("turn-buttons");
    return turn ? turn.dataset : {};
  }

  // Strengths 0-9 are the ranks 6..2, 10 the small joker, 11 the big joker.
  // Returns "" when the selection may be played, else the reason's key (data-why-* texts).
  function whyNot(sel, controls) {
    const turn = turnData();
    if (sel.length === 0) return "empty";
    if (turn.myTurn !== "1") return "turn";
    if (turn.passLocked === "1") return "pass-lock"; // §4.7
    // §4.2: N cards of one ordinary rank plus any jokers.
    if (new Set(sel.filter((s) => s < 10)).size > 1) return "mixed";
    // §4.8 keep six: 6s only as the final set, all of them and nothing else.
    if (controls.dataset.keepSix === "1" && sel.includes(0)) {
      const all = handCards().map((c) => Number(c.dataset.strength));
      if (!all.every((s) => s === 0) || sel.length !== all.length) return "keep-six";
    }
    // §4.3: same number of cards, each strictly stronger position by position.
    if (turn.leading !== "1") {
      const prev = strengths(turn.previous);
      if (prev.length > 0) {
        if (prev.length !== sel.length) return "count";
        for (let i = 0; i < sel.length; i += 1) if (!(sel[i] > prev[i])) return "stronger";
      }
    }
    return "";
  }

  function legalNow() {
    const controls = byId("controls");
    if (!controls || turnData().canPlay !== "1") return false;
    return whyNot(selection(), controls) === "";
  }

  // The reason the raised cards cannot be played, in the page's language; "" when they can
  // (or nothing is raised). Recomputed on every change, so it never goes stale.
  function reasonText() {
    const controls = byId("controls");
    const root = byId("table-root");
    if (!controls || !root || raised.size === 0 || controls.dataset.phase !== "play") return "";
    const why = whyNot(selection(), controls);
    if (why === "" || why === "empty") return "";
    const key = "why" + why.replace(/(^|-)(\w)/g, (_, __, c) => c.toUpperCase());
    const text = root.dataset[key] || "";
    return text.replace("{n}", String(strengths(turnData().previous).length));
  }

  function update() {
    const hand = byId("my-hand");
    if (hand) hand.dataset.selected = String(raised.size);
    const button = byId("play-button");
    if (button) button.disabled = Date.now() < sendingUntil || !legalNow();
    const note = byId("selection-note");
    if (note) {
      const text = reasonText();
      if (note.textContent !== text) note.textContent = text;
      note.hidden = text === "";
    }
  }

  // --- sending -------------------------------------------------------------------------

  function clickButton(id) {
    const button = byId(id);
    if (button && !button.disabled) button.click();
  }

  function play() {
    const form = byId("play-form");
    const button = byId("play-button");
    if (!form || !button || button.disabled) return;
    form.requestSubmit();
  }

  function stop(event) {
    event.preventDefault();
    event.stopImmediatePropagation();
  }

  // Capture phase: runs before htmx's ws-send handler on the form itself.
  document.addEventListener(
    "submit",
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || !form.closest("#table-root")) return;
      // A table form only ever speaks over the socket: never let the browser submit it as a
      // page (a click before htmx has wired the form would reload the page with a query).
      if (form.hasAttribute("ws-send")) event.preventDefault();
      const action = form.elements.namedItem("action");
      const kind = action ? action.value : "";
      if (kind === "decide" || kind === "grab" || kind === "call") {
        // 16× and 32× choices ask for a second click (the first one only arms the button).
        const button = event.submitter || form.querySelector("button");
        if (button && button.dataset.confirm && button.dataset.armed !== "1") {
          stop(event);
          arm(button);
          return;
        }
      }
      if (kind === "play") {
        if (Date.now() < sendingUntil || !legalNow()) return stop(event);
        // The codes in hand order (strongest first).
        form.elements.namedItem("cards").value = handCards()
          .filter((c) => raised.has(c.dataset.card))
          .map((c) => c.dataset.card)
          .join(" ");
        sendingUntil = Date.now() + SEND_GUARD_MS;
        update();
        return;
      }
      if (kind === "psych") {
        if (Date.now() < psychUntil) return stop(event);
        psychUntil = Date.now() + PSYCH_INTERVAL_MS;
        lockPsych();
      }
      const menu = form.closest("details[open]");
      if (menu) menu.removeAttribute("open");
      // One click, one message: the fragment is re-rendered by the answer anyway.
      const button = form.querySelector("button");
      if (button && !button.disabled && kind !== "hint") {
        button.disabled = true;
        setTimeout(() => {
          if (button.isConnected) button.disabled = false;
        }, 1000);
      }
    },
    true,
  );

  function arm(button) {
    for (const other of document.querySelectorAll("[data-armed='1']")) disarm(other);
    button.dataset.armed = "1";
    button.dataset.label = button.textContent;
    button.textContent = button.dataset.confirm;
    button.classList.add("armed");
    button.focus();
    setTimeout(() => disarm(button), 5000);
  }

  function disarm(button) {
    if (button.dataset.armed !== "1" || !button.isConnected) return;
    button.dataset.armed = "";
    button.textContent = button.dataset.label || button.textContent;
    button.classList.remove("armed");
  }

  function lockPsych() {
    const locked = Date.now() < psychUntil;
    for (const b of document.querySelectorAll(".psych button")) b.disabled = locked;
  }

  // --- pointer: click, Ctrl+click run, drag, right-click play --------------------------

  document.addEventListener("pointerdown", (event) => {
    const hand = event.target.closest && event.target.closest("#my-hand");
    if (!hand || event.button !== 0) return;
    const card = event.target.closest(".card[data-card]");
    if (!card) {
      if (event.ctrlKey || event.metaKey) lowerAll(); // §8.4 Ctrl+click the hand area
      return;
    }
    event.preventDefault(); // no text selection or focus jump while dragging
    if (event.ctrlKey || event.metaKey || event.shiftKey) {
      selectRun(card);
      update();
      return;
    }
    const on = !raised.has(card.dataset.card);
    setRaised(card, on);
    lastCode = card.dataset.card;
    drag = { on };
    // Touch captures the pointer on its target; release it so the other cards see it.
    if (card.hasPointerCapture && card.hasPointerCapture(event.pointerId)) {
      card.releasePointerCapture(event.pointerId);
    }
    update();
  });

  document.addEventListener("pointerover", (event) => {
    if (!drag) return;
    const card = event.target.closest && event.target.closest("#my-hand .card[data-card]");
    if (!card || raised.has(card.dataset.card) === drag.on) return;
    setRaised(card, drag.on);
    update();
  });

  const endDrag = () => {
    drag = null;
  };
  document.addEventListener("pointerup", endDrag);
  document.addEventListener("pointercancel", endDrag);

  // Keyboard or assistive-technology activation of a card (no pointer involved).
  document.addEventListener("click", (event) => {
    const card = event.target.closest && event.target.closest("#my-hand .card[data-card]");
    if (card && event.detail === 0) {
      setRaised(card, !raised.has(card.dataset.card));
      lastCode = card.dataset.card;
      update();
    }
    const dismiss = event.target.closest && event.target.closest("[data-dismiss]");
    if (dismiss) {
      const box = dismiss.closest("#table-error");
      if (box) box.hidden = true;
    }
    // Close the small seat menus when clicking elsewhere.
    for (const menu of document.querySelectorAll("#seats details[open]")) {
      if (!menu.contains(event.target)) menu.removeAttribute("open");
    }
  });

  document.addEventListener("contextmenu", (event) => {
    if (!(event.target.closest && event.target.closest("#my-hand"))) return;
    event.preventDefault(); // §8.4 right-click on the hand plays the raised cards
    play();
  });

  // --- keyboard ------------------------------------------------------------------------

  function moveFocus(card, step) {
    const cards = handCards();
    const next = cards[cards.indexOf(card) + step];
    if (next) next.focus();
  }

  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target instanceof Element ? event.target : document.body;
    if (target.closest("input, textarea, select, [contenteditable]")) return;
    if (!byId("table-root") || handCards().length === 0) return;
    const card = target.closest("#my-hand .card[data-card]");
    const inTable = target === document.body || target.closest("#table-root");
    switch (event.key) {
      case "Enter":
      case " ":
        // With cards raised on your turn, Enter / Space play them whatever has focus in the
        // table (the hint button included); otherwise a focused button does its own thing.
        if (!inTable || !byId("play-button") || raised.size === 0) {
          if (card) event.preventDefault();
          return;
        }
        event.preventDefault();
        play();
        break;
      case "p":
      case "P":
        clickButton("pass-button");
        break;
      case "h":
      case "H":
        clickButton("hint-button");
        break;
      case "a":
      case "A":
        clickButton("auto-button");
        break;
      case "Escape":
        lowerAll();
        for (const menu of document.querySelectorAll("#table-root details[open]")) {
          menu.removeAttribute("open");
        }
        break;
      case "ArrowUp":
      case "ArrowDown":
        if (card) {
          event.preventDefault();
          setRaised(card, event.key === "ArrowUp");
          lastCode = card.dataset.card;
          update();
        }
        break;
      case "ArrowLeft":
      case "ArrowRight":
        if (card) {
          event.preventDefault();
          moveFocus(card, event.key === "ArrowLeft" ? -1 : 1);
        }
        break;
      default:
    }
  });

  // --- hint ----------------------------------------------------------------------------

  function applyHint(hint) {
    // The pushed #hint carries only its data: keep it styled as the page's hint bubble.
    hint.classList.add("hint");
    const codes = (hint.dataset.cards || "").trim().split(/\s+/).filter(Boolean);
    clearTimeout(hintTimer);
    if (codes.length > 0) {
      raiseExactly(codes);
      hint.textContent = "";
      hint.classList.remove("show");
      focusHand(codes[0]);
      return;
    }
    // RULES §4.9: nothing beats the last set: the hint is "pass".
    raiseExactly([]);
    const root = byId("table-root");
    hint.textContent = (root && root.dataset.passText) || "不要";
    hint.classList.add("show");
    hintTimer = setTimeout(() => hint.classList.remove("show"), 2500);
    focusHand(null);
  }

  // After a hint the focus goes to the hand (the first raised card), never stays on the
  // hint button: Enter then plays instead of asking for the next hint.
  function focusHand(code) {
    const cards = handCards();
    const card = cards.find((c) => c.dataset.card === code) || cards[0];
    if (card) card.focus({ preventScroll: true });
  }

  // --- countdowns ----------------------------------------------------------------------

  // The clocks themselves tick in clock.js (shared with the Red Ten table).
  const { tick } = window.tableClock;

  // --- turn alerts: title, favicon, tone, notification, 5-second warning ----------------

  // Title, favicon, tone, notification and the 5-second warning are alerts.js's (shared with
  // the Red Ten table); the warning's words go in this page's hint bubble.
  const { setupAlerts, alertTurn, warnDeadline } = window.tableAlerts;
  window.tableAlerts.onWarn = (text) => {
    const hint = byId("hint");
    if (!hint) return;
    clearTimeout(hintTimer);
    hint.classList.add("hint");
    hint.textContent = text;
    hint.classList.add("show", "warn");
    hintTimer = setTimeout(() => hint.classList.remove("show", "warn"), 2500);
  };

  // The settlement carries the viewer's new balance: the header shows it at once.
  function updateBalance() {
    const now = byId("balance-now");
    if (!now) return;
    for (const el of document.querySelectorAll(".beans-amount")) {
      if (el.textContent !== now.dataset.beans) el.textContent = now.dataset.beans;
    }
  }

  // --- pushes --------------------------------------------------------------------------

  function onChange() {
    // A play removes its cards from the hand in place (a delete swap): the raised set
    // forgets them here too, whether the hand was redrawn or not.
    syncHand();
    // Every push carries the hand's version (#ver); the controls come only when they
    // changed for this player.
    const controls = byId("controls");
    const version = byId("ver");
    if (controls !== seenControls || version !== seenVersion) {
      const moved = !seenVersion || !version || seenVersionValue !== version.value;
      seenControls = controls;
      seenVersion = version;
      seenVersionValue = version ? version.value : null;
      sendingUntil = 0; // a new state arrived: the play was answered
      // A newer state makes the hint's message stale ("nothing beats", the 5 s warning).
      const bubble = byId("hint");
      if (moved && bubble && bubble.classList.contains("show")) {
        clearTimeout(hintTimer);
        bubble.classList.remove("show", "warn");
      }
    }
    const hint = byId("hint");
    if (hint !== seenHint) {
      seenHint = hint;
      if (hint) applyHint(hint);
    }
    lockPsych();
    update();
    tick();
    alertTurn();
    updateBalance();
  }

  function start() {
    const root = byId("table-root");
    if (!root) return;
    seenHint = byId("hint");
    seenControls = byId("controls");
    seenVersion = byId("ver");
    seenVersionValue = seenVersion ? seenVersion.value : null;
    syncHand();
    update();
    tick();
    setupAlerts();
    alertTurn();
    new MutationObserver(onChange).observe(root, { childList: true, subtree: true });
    setInterval(() => {
      warnDeadline();
      lockPsych();
      if (sendingUntil !== 0 && Date.now() >= sendingUntil) {
        sendingUntil = 0;
        update();
      }
    }, 250);

    const badge = byId("reconnecting");
    // data-socket says whether the table's socket is open (the browser tests wait for it).
    // data-synced: the socket's first frame (the whole table as the server has it now) has
    // been swapped in. It replaces the controls, so a click between the socket opening and
    // that frame may land on a button that is about to go (an armed 16x choice loses its
    // arming): the browser tests wait for both.
    let openSocket = null; // the socket last opened; a socket replaced by a new one
    // (heartbeat.js connects again when the server stops answering) may close after it.
    document.addEventListener("htmx:wsClose", (event) => {
      if (openSocket !== null && event.detail.event.target !== openSocket) return;
      // A table that was closed (or that removed this player) said so in #table-gone and
      // closed the socket for good (4410): nothing to reconnect to.
      const gone = byId("table-gone");
      if (badge) badge.hidden = gone !== null && !gone.hidden;
      document.body.dataset.socket = "closed";
      document.body.dataset.synced = "";
    });
    document.addEventListener("htmx:wsOpen", (event) => {
      openSocket = event.detail.event.target;
      if (badge) badge.hidden = true;
      document.body.dataset.socket = "open";
    });
    document.addEventListener("htmx:wsAfterMessage", () => {
      const body = document.body.dataset;
      if (body.socket === "open" && body.synced !== "1") body.synced = "1";
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
