// Saying: one live region, and the history list.
//
// Every line the game says goes into the one polite log (#said), all the lines of one
// message from the server in one paragraph, in the order the server says them. Orca
// (liveregions.py) queues live-region messages by politeness and, when an assertive one
// arrives, throws away the polite ones still queued; with one polite region nothing is
// ever thrown away, and one paragraph per message is one utterance that its own next line
// cannot cut off. The lines said at once (the seat's turn, a key's answer) are also shown
// in #now for the eyes; #now is not live, so nothing is said twice.

import { $, page } from "./state.js";

export const said = $("said");
const now = $("now");
const KEEP = 30; // paragraphs kept in the log (a screen reader reads only what is added)

// Say ``lines`` then ``urgent`` (both lists of sentences) as one utterance; the urgent
// ones are also shown in #now.
export function announce(lines, urgent = []) {
  const all = [...lines.map((t) => [t, false]), ...urgent.map((t) => [t, true])]
    .filter(([t]) => t);
  if (!all.length) return;
  const p = document.createElement("p");
  all.forEach(([text, isUrgent], i) => {
    if (i) p.append(" ");
    const span = document.createElement("span");
    span.dataset.line = isUrgent ? "urgent" : "said";
    span.textContent = text;
    p.appendChild(span);
  });
  said.appendChild(p);
  while (said.childElementCount > KEEP) said.firstElementChild.remove();
  const shown = all.filter(([, u]) => u).map(([t]) => t);
  if (shown.length) {
    const q = document.createElement("p");
    q.textContent = shown.join(" ");
    now.replaceChildren(q);
  }
  page.lastLine = all[all.length - 1][0];
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
