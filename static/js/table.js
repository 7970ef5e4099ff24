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
  let seenHand = null;
  let seenHint = null;
  let seenControls = null;
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

  // Strengths 0-9 are the ranks 6..2, 10 the small joker, 11 the big joker.
  function isLegal(sel, controls) {
    if (sel.length === 0) return false;
    // §4.2: N cards of one ordinary rank plus any jokers.
    if (new Set(sel.filter((s) => s < 10)).size > 1) return false;
    // §4.8 keep six: 6s only as the final set, all of them and nothing else.
    if (controls.dataset.keepSix === "1" && sel.includes(0)) {
      const all = handCards().map((c) => Number(c.dataset.strength));
      if (!all.every((s) => s === 0) || sel.length !== all.length) return false;
    }
    // §4.3: same number of cards, each strictly stronger position by position.
    if (controls.dataset.leading !== "1") {
      const prev = strengths(controls.dataset.previous);
      if (prev.length > 0) {
        if (prev.length !== sel.length) return false;
        for (let i = 0; i < sel.length; i += 1) if (!(sel[i] > prev[i])) return false;
      }
    }
    return true;
  }

  function legalNow() {
    const controls = byId("controls");
    if (!controls || controls.dataset.canPlay !== "1") return false;
    return isLegal(selection(), controls);
  }

  function update() {
    const hand = byId("my-hand");
    if (hand) hand.dataset.selected = String(raised.size);
    const button = byId("play-button");
    if (button) button.disabled = Date.now() < sendingUntil || !legalNow();
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
      const action = form.elements.namedItem("action");
      const kind = action ? action.value : "";
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
    const onOtherControl = !card && target.closest("button, a, summary");
    switch (event.key) {
      case "Enter":
      case " ":
        if (onOtherControl) return; // let a focused button do its own thing
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
    const codes = (hint.dataset.cards || "").trim().split(/\s+/).filter(Boolean);
    clearTimeout(hintTimer);
    if (codes.length > 0) {
      raiseExactly(codes);
      hint.textContent = "";
      hint.classList.remove("show");
      return;
    }
    // RULES §4.9: nothing beats the last set: the hint is "pass".
    raiseExactly([]);
    const root = byId("table-root");
    hint.textContent = (root && root.dataset.passText) || "不要";
    hint.classList.add("show");
    hintTimer = setTimeout(() => hint.classList.remove("show"), 2500);
  }

  // --- countdowns ----------------------------------------------------------------------

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

  // --- pushes --------------------------------------------------------------------------

  function onChange() {
    const hand = byId("my-hand");
    if (hand !== seenHand) {
      seenHand = hand;
      syncHand();
    }
    const controls = byId("controls");
    if (controls !== seenControls) {
      seenControls = controls;
      sendingUntil = 0; // a new state arrived: the play was answered
    }
    const hint = byId("hint");
    if (hint !== seenHint) {
      seenHint = hint;
      if (hint) applyHint(hint);
    }
    lockPsych();
    update();
    tick();
  }

  function start() {
    const root = byId("table-root");
    if (!root) return;
    seenHand = byId("my-hand");
    seenHint = byId("hint");
    seenControls = byId("controls");
    syncHand();
    update();
    tick();
    new MutationObserver(onChange).observe(root, { childList: true, subtree: true });
    setInterval(() => {
      tick();
      lockPsych();
      if (sendingUntil !== 0 && Date.now() >= sendingUntil) {
        sendingUntil = 0;
        update();
      }
    }, 250);

    const badge = byId("reconnecting");
    document.addEventListener("htmx:wsClose", () => {
      if (badge) badge.hidden = false;
    });
    document.addEventListener("htmx:wsOpen", () => {
      if (badge) badge.hidden = true;
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
