// Keys: a key press's name, the action the keymap gives it, the key buttons, and what
// each action does (the server's actions are sent; the page's are done here).

import { $, page, send, SERVER_KEYS, PAGE_KEYS } from "./state.js";
import { announce, report } from "./say.js";
import { move, select, jumpPlayable, focusHand } from "./draw.js";

export function keyName(e) {
  const named = {
    ArrowLeft: "left", ArrowRight: "right", ArrowUp: "up", ArrowDown: "down",
    Home: "home", End: "end", Enter: "enter", " ": "space", Escape: "escape",
    Tab: "tab", PageUp: "pageup", PageDown: "pagedown", Backspace: "backspace",
    Delete: "delete", Insert: "insert",
  };
  let name = named[e.key];
  if (!name && /^F\d{1,2}$/.test(e.key)) name = e.key.toLowerCase();
  if (!name && e.key.length === 1) name = e.key;
  if (!name) return null;
  if (e.ctrlKey || e.altKey || e.metaKey) {
    return e.ctrlKey && !e.altKey && !e.metaKey ? "c-" + name.toLowerCase() : null;
  }
  if (e.shiftKey && name === "tab") return "s-tab";
  return name;
}

export function actionFor(name) {
  if (page.keyToAction.has(name)) return page.keyToAction.get(name);
  // A lower-case letter answers in either case unless its capital is bound.
  if (name.length === 1 && name !== name.toLowerCase()) {
    return page.keyToAction.get(name.toLowerCase()) || null;
  }
  return null;
}

export function shortcut(key) {
  const words = {
    left: "ArrowLeft", right: "ArrowRight", up: "ArrowUp", down: "ArrowDown",
    home: "Home", end: "End", enter: "Enter", space: "Space", escape: "Escape",
    tab: "Tab", "s-tab": "Shift+Tab", pageup: "PageUp", pagedown: "PageDown",
  };
  if (words[key]) return words[key];
  if (/^f\d+$/.test(key)) return key.toUpperCase();
  if (key.startsWith("c-")) return "Control+" + shortcut(key.slice(2));
  if (key.length === 1 && key !== key.toLowerCase()) return "Shift+" + key;
  return key.toUpperCase();
}

export function buildKeys() {
  const data = page.data;
  page.keyToAction = new Map();
  for (const [action, keys] of Object.entries(data.keys)) {
    for (const k of keys) page.keyToAction.set(k, action);
  }
  const box = $("keys");
  box.replaceChildren();
  for (const [action, keys] of Object.entries(data.keys)) {
    if (!SERVER_KEYS.has(action) && !PAGE_KEYS.has(action)) continue;
    if (!keys.length || !data.help[action]) continue;
    const b = document.createElement("button");
    b.type = "button";
    b.id = "key-" + action;
    b.textContent = data.help[action] + " (" + data.spoken[action] + ")";
    b.setAttribute("aria-keyshortcuts", keys.map(shortcut).join(" "));
    b.addEventListener("click", () => act(action));
    box.appendChild(b);
  }
}

export function onKey(e) {
  const name = keyName(e);
  if (name === null) return;
  // A focused button (a key's own, Place this bid) does what its name says.
  if ((name === "enter" || name === "space") && e.target.closest("button, summary, a")) return;
  const action = actionFor(name);
  if (page.state && page.state.blind_offer && BLIND_KEYS.has(action)) {
    e.preventDefault();
    if (!e.repeat) blindOffer(action);
    return;
  }
  if (action === null || (!SERVER_KEYS.has(action) && !PAGE_KEYS.has(action))) {
    if (answersNotHere(name, action)) {
      e.preventDefault();
      if (!e.repeat) announce([], [page.data.not_here[action] || page.data.words.not_here]);
    }
    return;
  }
  if (action === "next_playable" || action === "previous_playable") {
    const state = page.state;
    if (!(state && state.my_turn && state.phase === "playing")) return; // Tab moves on
    // At the end already, and told so: this Tab leaves the hand for the page's controls.
    if (!jumpPlayable(action === "next_playable" ? 1 : -1)) return;
    e.preventDefault();
    return;
  }
  e.preventDefault();
  if (e.repeat) return; // a held key is one press
  act(action);
}

// Keys that answer the blind-nil offer, as the terminal's do: Y bids blind nil; the keys
// that move through or read the cards look at them first (the server holds them back
// until the seat says ``reveal``; H then reads them).
const BLIND_KEYS = new Set([
  "yes", "hand", "previous", "next", "up", "down", "first", "last", "select", "back",
]);

export function blindOffer(action) {
  if (page.alone) { // the terminal's own answers to the offer: Y, or Escape to look
    send({ type: "act", action: action });
    return;
  }
  if (action === "yes") {
    send({ type: "bid", bid: "blind_nil", id: 2 });
    return;
  }
  send({ type: "reveal", id: 5 });
  if (action === "hand") send({ type: "key", action: "hand" });
}

// Whether a key at the table is answered "That key does nothing on this page." (or the
// terminal's words for a shared table): a game key this page has not (U, F5, Ctrl+S ...;
// its browser meaning is held back, so the sentence is true) or a character bound to
// nothing. Other keys (Ctrl+C, F7, F11 ...) stay the browser's.
function answersNotHere(name, action) {
  if (action !== null) return name !== "c-c";
  return name.length === 1 && name.trim() !== "";
}

export function act(action) {
  if (SERVER_KEYS.has(action)) {
    send({ type: "key", action: action });
    return;
  }
  if (["previous", "next", "first", "last", "up", "down"].includes(action)) {
    move(action);
  } else if (action === "select") {
    select();
  } else if (action === "next_playable" || action === "previous_playable") {
    jumpPlayable(action === "next_playable" ? 1 : -1);
  } else if (action === "history") {
    const first = $("history").firstElementChild;
    (first || $("history-h")).focus();
  } else if (action === "hands_played") {
    $("hands-h").focus();
  } else if (action === "rules") {
    $("rules-h").focus();
  } else if (action === "help") {
    $("keys-box").open = true; // the key buttons are closed away until asked for
    const first = $("keys").firstElementChild;
    if (first) first.focus();
  } else if (action === "repeat") {
    announce([], [page.lastLine || page.data.words.nothing_said]);
  } else if (action === "back") {
    focusHand();
  } else if (action === "report_problem") {
    report();
  } else if (action === "chat") {
    $("say").focus();
  }
}

// The history list: arrows, Home and End move through it; Escape goes back to the table.
export function historyKeys(e) {
  const items = Array.from($("history").children);
  const i = items.indexOf(document.activeElement);
  if (i < 0) return;
  const to = { ArrowUp: i - 1, ArrowDown: i + 1, Home: 0, End: items.length - 1 }[e.key];
  if (e.key === "Escape") { e.preventDefault(); focusHand(); return; }
  if (to === undefined) return;
  e.preventDefault();
  items[Math.max(0, Math.min(items.length - 1, to))].focus();
}
