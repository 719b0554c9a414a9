// The page by touch: for a coarse pointer (a phone, a tablet) the page is laid out for a
// finger and a phone's screen reader, which moves by swipes through the page's order and
// chooses by double tap. Read before app.js starts (a module script ahead of it).
//
// - No application role: a phone's screen reader has no keys to pass through, and the
//   region's name ("the game's keys work here") would begin every card's and bid's name.
// - The turn line (#now: the last burst said, say.js) and the hand come first; the polite log (#said) goes after the
//   table's controls, still there to read, instead of 30 old lines above the first card.
// - The actions a player needs are buttons (#actions), each doing what its key does
//   (the key's own button in "What you can do", so there is one way to do each).
// The sizes (44 by 44 at least) and the turn line that does not stick over the controls
// are app.css's, under the same media query. The page's own voice (say.js), a setting
// for any pointer, is set up here too, before the first line is said.

import { $, send } from "./state.js";
import { setUpVoice, touching } from "./say.js";

function layOutForTouch() {
  const table = $("table");
  table.removeAttribute("role");
  table.removeAttribute("data-label");
  table.removeAttribute("aria-label");
  $("hand").setAttribute("aria-labelledby", "hand-h");
  $("bids").setAttribute("aria-labelledby", "bidding-h");
  // After the table's controls and before the facts: read after the hand and the bids.
  $("game").after($("said"));
}

// An action button: Help opens every action (the keys' buttons), History goes to the
// history in the page (read by swipes), any other presses its key's own button.
function onAction(e) {
  const button = e.target.closest("[data-action]");
  if (!button) return;
  const action = button.dataset.action;
  if (action === "help") {
    $("keys-box").open = true;
    $("keys-h").focus();
    return;
  }
  if (action === "history") {
    $("history-h").focus();
    return;
  }
  const key = $("key-" + action);
  if (key) key.click();
  else send({ type: "act", action: action }); // the shell answers: never a silent tap
}

if (touching()) layOutForTouch();
setUpVoice();
$("actions").addEventListener("click", onAction);
