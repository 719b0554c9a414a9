// Keys: a key press's name, the action the keymap gives it, and the key buttons. The
// terminal's own shell answers every key on the server (spades_voice/alone, alone or at
// a shared table): a key at the table is sent as it is, a button as its action, and the
// page keeps only what is its own (the chat's text field, the problem report's file, and
// Tab leaving the hand for the page's other controls).

import { $, page, send } from "./state.js";
import { report } from "./say.js";
import { focusHand } from "./draw.js";

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

// Keys the page keeps for itself (the report is a file for this browser to save, not one
// on the server).
const PAGE_ONLY = new Set(["report_problem"]);

// At a shared table the chat is the page's own line (its text field, sent as the shell's
// chat line sends it), so the chat key goes there.
function pageChat(action) {
  return action === "chat" && !$("chat-region").hidden;
}

function pageOnly(action) {
  if (action === "chat") $("say").focus();
  else report();
}

// Every key of the game as a button (its help and its keys), as the terminal's help
// lists them; a button does its action, as its first key does.
export function buildKeys() {
  const data = page.data;
  page.keyToAction = new Map();
  for (const [action, keys] of Object.entries(data.keys)) {
    for (const k of keys) page.keyToAction.set(k, action);
  }
  const box = $("keys");
  box.replaceChildren();
  for (const [action, keys] of Object.entries(data.keys)) {
    if (!keys.length || !data.help[action]) continue;
    const b = document.createElement("button");
    b.type = "button";
    b.id = "key-" + action;
    b.textContent = data.help[action] + " (" + data.spoken[action] + ")";
    b.setAttribute("aria-keyshortcuts", keys.map(shortcut).join(" "));
    b.addEventListener("click", () => {
      if (PAGE_ONLY.has(action) || pageChat(action)) {
        pageOnly(action);
        return;
      }
      send({ type: "act", action: action });
      focusHand();
    });
    box.appendChild(b);
  }
}

// A key at the table while the shell plays the seat: sent as it is, for the terminal's
// bindings to answer (a question's Y or Escape, a list's arrows, "That key does
// nothing" ...).
export function shellKey(e) {
  const name = keyName(e);
  if (name === null) return;
  // A focused button (a key's own, Place this bid, Show my cards) does what its name says.
  if ((name === "enter" || name === "space") && e.target.closest("button, summary, a")) return;
  const action = actionFor(name);
  if (PAGE_ONLY.has(action) || pageChat(action)) {
    e.preventDefault();
    if (!e.repeat) pageOnly(action);
    return;
  }
  const s = page.state;
  const asking = s && s.alone && s.alone.mode !== "table";
  const tab = name === "tab" || name === "s-tab";
  if (tab && !asking && !(s && s.my_turn && s.phase === "playing")) {
    return; // Tab moves through the page when there is no card to play
  }
  if (tab && !asking && page.edge === name) {
    // At the end of the playable cards, and told so: this Tab leaves the hand for the
    // page's other controls (the terminal has none; a page must not trap the focus).
    page.edge = null;
    return;
  }
  if (action === null && !asking && (name.startsWith("c-") || name.length > 1)) return;
  e.preventDefault();
  if (e.repeat) return; // a held key is one press
  page.lastKey = name;
  send({ type: "press", key: name });
}

// A key before the game shows (seated, the lobby): the host's Start, or the server says
// why the match waits. The chat key goes to the chat line; Tab, the arrows and the rest
// stay the page's.
export function lobbyKey(e) {
  const name = keyName(e);
  const action = name && actionFor(name);
  if (!action || (name.length > 1 && action !== "move_on")) return;
  e.preventDefault();
  if (e.repeat) return;
  if (pageChat(action)) $("say").focus();
  else send({ type: "press", key: name });
}

// The blind-nil offer's buttons: the terminal's own answers to the offer (Y, or Escape
// to look at the cards first).
export function blindOffer(action) {
  send({ type: "act", action: action });
}

// The history list in the page (document content, never live): arrows, Home and End move
// through it; Escape goes back to the table.
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
