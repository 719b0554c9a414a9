// The browser seat. It shows what the server sends and sends keys: every sentence it
// says comes from the server (the game's narration) or from /app.json (the same words
// and keymap the terminal uses), never from these files. The language is the player's:
// chosen on the join form (remembered), else the browser's first one the game speaks;
// /app.json comes in it, and the server narrates the seat in it.
//
// The modules, by responsibility: state.js (what they share), say.js (the live regions
// and the history), keys.js (keys and their buttons), draw.js (hand, bids, the table's
// regions), connection.js (a shared table's websocket and the server's messages),
// language.js, solo.js (playing alone, and the shell's frames for every seat: the server
// runs the terminal's game and the page sends keys).

import { $, page, send, stored } from "./state.js";
import { actionFor, blindOffer, historyKeys, keyName, lobbyKey, shellKey } from "./keys.js";
import { focusHand, placeBid } from "./draw.js";
import { connect, join, rejoinHello, storageKey, watch } from "./connection.js";
import { LANGUAGE_KEY, firstLanguage, speak } from "./language.js";
import { playAlone, restoreChoices, watchComputers } from "./solo.js";
import { openTable } from "./open.js";

async function start() {
  await speak(firstLanguage());
  $("language").addEventListener("change", async () => {
    const code = $("language").value;
    stored(() => localStorage.setItem(LANGUAGE_KEY, code), null);
    await speak(code);
  });
  $("place-bid").addEventListener("click", placeBid);
  $("blind-nil").addEventListener("click", () => blindOffer("yes"));
  $("show-cards").addEventListener("click", () => blindOffer("back"));
  $("join-form").addEventListener("submit", join);
  $("watch-button").addEventListener("click", watch);
  $("play-online").addEventListener("click", () => {
    page.closedForGood = false;
    connect({ type: "join_any", name: $("name").value.trim(), lang: page.lang });
  });
  $("play-alone").addEventListener("click", playAlone);
  $("watch-computers").addEventListener("click", watchComputers);
  $("open-table").addEventListener("click", openTable);
  restoreChoices();
  $("start").addEventListener("click", () => send({ type: "act", action: "move_on" }));
  $("chat-form").addEventListener("submit", (e) => {
    e.preventDefault();
    send({ type: "say", text: $("say").value, id: 4 });
    $("say").value = "";
  });
  $("say").addEventListener("keydown", (e) => {
    if (e.key === "Escape") { e.preventDefault(); focusHand(); }
  });
  $("table").addEventListener("keydown", shellKey);
  $("history").addEventListener("keydown", historyKeys);
  document.addEventListener("keydown", (e) => {
    if (e.target.closest && e.target.closest("#table, input, #history")) return;
    if (page.seat && $("game").hidden) {
      lobbyKey(e); // seated, before the game shows: Start, or why not yet
    } else if (page.state && page.state.started && actionFor(keyName(e) || "") === "back") {
      e.preventDefault();
      focusHand();
    }
  });
  const code = decodeURIComponent(location.hash.replace(/^#/, ""));
  if (code) {
    $("code").value = code;
    const saved = JSON.parse(sessionStorage.getItem(storageKey(code)) || "null");
    if (saved) {
      $("name").value = saved.name;
      page.seat = saved;
      connect(rejoinHello());
      document.body.dataset.ready = "true";
      return;
    }
  }
  $(code ? "name" : "code").focus();
  document.body.dataset.ready = "true";
}

start();
