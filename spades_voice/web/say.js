// Saying: one live region, and the history list.
//
// Every line the game says goes into the one polite log (#said), in the order the server
// says them, the lines of a burst of messages in one paragraph. Orca 43 (liveregions.py)
// queues live-region messages by politeness and, when an assertive one arrives, throws
// away the polite ones still queued: with one polite region nothing is thrown away. Each
// message it presents cuts off the one before, and paragraphs added within one of
// chromium's accessibility updates reached it in reverse order: one paragraph per burst
// (the lines that arrive within FLUSH_MS of the first) is one utterance, in order. The
// lines said at once (the seat's turn, a key's answer) are also shown in #now for the
// eyes; #now is not live, so nothing is said twice. By touch (a coarse pointer) #now
// shows the whole of the last burst instead, the turn among it ("Your bid. 1 selected."
// is an event, queued in order): a phone's screen reader finds it at the top of the page.

import { $, page } from "./state.js";

export const said = $("said");
const now = $("now");
const KEEP = 30; // paragraphs kept in the log (a screen reader reads only what is added)
const FLUSH_MS = 120;
let pending = []; // [text, urgent] waiting for the burst's paragraph
let timer = null;

// Whether the player plays by touch (a coarse pointer: a phone, a tablet).
export function touching() {
  return window.matchMedia("(pointer: coarse)").matches;
}

// Say ``lines`` then ``urgent`` (both lists of sentences); the urgent ones are also
// shown in #now at once.
export function announce(lines, urgent = []) {
  sayInOrder([...lines.map((t) => [t, false]), ...urgent.map((t) => [t, true])]);
}

// Say ``all``, a list of [sentence, urgent] in the order they are to be heard.
export function sayInOrder(pairs) {
  const all = pairs.filter(([t]) => t);
  if (!all.length) return;
  pending.push(...all);
  said.dataset.pending = "true"; // lines on their way (a test waits for them)
  if (timer === null) timer = setTimeout(flush, FLUSH_MS);
  const shown = all.filter(([, u]) => u).map(([t]) => t);
  if (shown.length) {
    const q = document.createElement("p");
    q.textContent = shown.join(" ");
    now.replaceChildren(q);
  }
}

function flush() {
  timer = null;
  const p = document.createElement("p");
  pending.forEach(([text, isUrgent], i) => {
    if (i) p.append(" ");
    const span = document.createElement("span");
    span.dataset.line = isUrgent ? "urgent" : "said";
    span.textContent = text;
    p.appendChild(span);
  });
  if (touching()) {
    const q = document.createElement("p");
    q.textContent = pending.map(([text]) => text).join(" ");
    now.replaceChildren(q);
  }
  voice(pending);
  pending = [];
  said.appendChild(p);
  delete said.dataset.pending;
  while (said.childElementCount > KEEP) said.firstElementChild.remove();
}

// The history: each line an entry, newest first. The list is numbered from the oldest
// (<ol reversed>), so an entry added on top leaves every other entry's number as it was:
// a list whose numbers all change at every line floods a screen reader with events.
export function remember(lines) {
  const list = $("history");
  for (const text of lines) {
    if (!text) continue;
    page.heard.push(text);
    const li = document.createElement("li");
    li.textContent = text;
    li.tabIndex = -1;
    list.insertBefore(li, list.firstChild);
  }
}

// The page's own voice (a setting, remembered here): where no screen reader runs (a
// low-vision player, a phone without VoiceOver), the browser's speech (the Web Speech
// API) says every line, by the terminal's rules: a key's answer or the turn (an urgent
// line) interrupts whatever is being said, and events queue in the order said. A burst is
// said whole, in order, each line an utterance, in the page's language.
const VOICE_KEY = "spades-voice";

export function voiceOn() {
  return $("voice").checked && "speechSynthesis" in window;
}

function voice(lines) {
  if (!voiceOn()) return;
  if (lines.some(([, isUrgent]) => isUrgent)) window.speechSynthesis.cancel();
  for (const [text] of lines) {
    const u = new SpeechSynthesisUtterance(text);
    u.lang = page.lang;
    window.speechSynthesis.speak(u);
  }
}

// The setting's check box: as it was left on this browser; turned off, silence at once.
export function setUpVoice() {
  const box = $("voice");
  try { box.checked = localStorage.getItem(VOICE_KEY) === "on"; } catch (e) { /* no storage */ }
  box.addEventListener("change", () => {
    try { localStorage.setItem(VOICE_KEY, box.checked ? "on" : "off"); } catch (e) { /* no storage */ }
    if (!box.checked && "speechSynthesis" in window) window.speechSynthesis.cancel();
  });
}

// The problem report: what this page heard and showed, as a file for the player to save
// and send (made here: it is this browser's, not a file on the server).
export function report() {
  const w = page.data.report;
  const seat = page.seat;
  const text = [
    w.title, w.page + " " + location.pathname, w.browser + " " + navigator.userAgent,
    w.table + " " + (seat ? seat.table : w.no_table), "", w.said,
    ...page.heard.slice(-200), "", w.showed, JSON.stringify(page.state || {}),
  ].join("\n");
  const link = $("report-link");
  if (link.href.startsWith("blob:")) URL.revokeObjectURL(link.href);
  link.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  $("report-region").hidden = false;
  $("report-h").focus();
  announce([], [page.data.words.report]);
}
