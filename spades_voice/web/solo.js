// Playing alone: the first screen's Play alone and its choices (remembered in this
// browser), and the shell's frames. The server runs the terminal's own game for this
// page (spades_voice/alone), and for a seat at a shared table from the deal on
// (spades_voice/alone/guest.py, over connection.js's socket): the page sends every key
// by its keymap name, taps and clicks as actions, and shows and says what comes back, so
// each key does and says what it does at the terminal. The secret that names this
// player's match and statistics on the server is kept here (localStorage), and nowhere
// else.

import { $, page, stored } from "./state.js";
import { announce, remember, sayInOrder, touching } from "./say.js";
import { draw, drawBidFocus, focusHand, setRules } from "./draw.js";
import { playCues } from "./cues.js";

const TOKEN_KEY = "spades-alone-token";
const CHOICES_KEY = "spades-alone-choices";

let socket = null;
let left = false;
let retried = false;
// Watching the computers (four play, nothing is kept) instead of playing alone.
let computers = false;

function choices() {
  return {
    level: $("level").value, target: $("target").value, blind_nil: $("alone-blind-nil").checked,
    spades_any_time: $("alone-spades-any-time").checked,
  };
}

// Play alone and its choices, where the server offers it, with the choices made last time
// on this browser back on the form.
export function restoreChoices() {
  $("play-alone").hidden = !page.data.alone;
  $("alone-choices").hidden = !page.data.alone;
  const kept = stored(() => JSON.parse(localStorage.getItem(CHOICES_KEY) || "null"), null);
  if (!kept) return;
  for (const name of ["level", "target"]) {
    const select = $(name);
    if (Array.from(select.options).some((o) => o.value === kept[name])) select.value = kept[name];
  }
  $("alone-blind-nil").checked = kept.blind_nil === true;
  $("alone-spades-any-time").checked = kept.spades_any_time === true;
}

function hello() {
  const token = stored(() => localStorage.getItem(TOKEN_KEY), null);
  return {
    type: "alone", token: token || undefined, lang: page.lang, touch: touching(), computers,
    ...choices(),
  };
}

export function playAlone() {
  begin(false);
}

export function watchComputers() {
  begin(true);
}

function begin(watching) {
  computers = watching;
  stored(() => localStorage.setItem(CHOICES_KEY, JSON.stringify(choices())), null);
  left = false;
  retried = false;
  open();
}

function open() {
  const ws = new WebSocket(new URL("alone", location.href).href.replace(/^http/, "ws"));
  socket = ws;
  page.out = toServer;
  let opened = false;
  ws.addEventListener("open", () => { opened = true; ws.send(JSON.stringify(hello())); });
  ws.addEventListener("message", (m) => receive(JSON.parse(m.data)));
  ws.addEventListener("close", () => {
    if (socket !== ws) return;
    socket = null;
    if (left) return;
    const words = page.data.words;
    if (opened && !retried) {
      // Once, a second later: the server keeps the match, and offers it again.
      retried = true;
      announce([], [words.lost]);
      setTimeout(open, 1000);
    } else {
      announce([], [opened ? words.gone : words.unreachable]);
    }
  });
}

function receive(m) {
  if (m.type === "welcome") {
    page.alone = true;
    stored(() => localStorage.setItem(TOKEN_KEY, m.token), null);
    setRules(m.rules);
    $("join").hidden = true;
    $("chat-region").hidden = true;
    return;
  }
  if (m.type === "left") {
    left = true;
    firstScreen(m.urgent, computers ? "watch-computers" : "play-alone");
    return;
  }
  if (m.type !== "update" || left) return;
  retried = false;
  render(m);
}

function toServer(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

// One frame of the shell: its files, sounds, regions and lines.
export function render(m) {
  for (const file of m.files || []) download(file.name, file.text);
  playCues(m.sound);
  if (m.rules) setRules(m.rules);
  // The focus is the terminal's own: where its keys moved it.
  const before = listFocus();
  page.focusCard = m.alone.card;
  m.bid_focus = m.alone.bid;
  const wasHidden = $("game").hidden;
  draw(m);
  page.bidIndex = m.alone.bid;
  drawBidFocus();
  if (wasHidden) focusHand();
  // A screen reader says the option the focus moved to ("5 of hearts, playable."): the
  // terminal's answer naming it ("5 of hearts.") would say the card twice, so only what
  // it adds is said ("Last playable card.", or nothing).
  const after = listFocus();
  const moved = after !== null && after !== before;
  const unnamed = moved ? m.alone.names_focus : {};
  const said = (text) => (Object.hasOwn(unnamed, text) ? unnamed[text] : text);
  // A Tab answered at the end of the playable cards with the focus kept there (the
  // answer said which end it is, and the card): the next Tab leaves the hand (keys.js).
  if (m.alone.keys !== page.keysAnswered) {
    page.keysAnswered = m.alone.keys;
    const tab = page.lastKey === "tab" || page.lastKey === "s-tab";
    const edge = m.urgent.some((t) => m.alone.names_focus[t]);
    page.edge = tab && edge && !moved ? page.lastKey : null;
  }
  // All the lines of one frame are said together, in the order the terminal said them
  // (its greeting before the deal; say.js says why together).
  let line = 0;
  let answer = 0;
  sayInOrder(m.order.map((query) => (query
    ? [said(m.urgent[answer++]), true] : [m.lines[line++], false])));
  remember(m.lines);
}

// The option a screen reader hears as the focus: the focused list's active one (its
// id), or null when neither list has the focus.
function listFocus() {
  const here = document.activeElement;
  if (!here || !["hand", "bids"].includes(here.id)) return null;
  return here.id + " " + (here.getAttribute("aria-activedescendant") || "");
}

// A file the player asked for (the history, Shift G): the server's text, saved by the
// browser as a download under the terminal's file name. No file is made on the server.
function download(name, text) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
  link.download = name;
  link.hidden = true;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The browser reads the blob as the download starts; freeing it at once may cut it off.
  setTimeout(() => URL.revokeObjectURL(link.href), 60000);
}


// The seat is left (Q, then Y): the first screen again, focus on the choice that led here.
export function firstScreen(urgent, focus = "play-alone") {
  if (urgent) announce([], urgent);
  page.alone = false;
  page.state = null;
  $("game").hidden = true;
  $("seats").hidden = true;
  $("join").hidden = false;
  $(focus).focus();
}
