// The page's language: the one remembered, else the browser's; its words from /app.json.

import { $, page, stored } from "./state.js";
import { buildKeys } from "./keys.js";
import { buildBids, setRules } from "./draw.js";

export const LANGUAGE_KEY = "spades-language";

// The one remembered on this browser, else the first of the browser's own languages
// the game speaks, else English (the server's list is the choice's options).
export function firstLanguage() {
  const spoken = Array.from($("language").options).map((o) => o.value);
  const kept = stored(() => localStorage.getItem(LANGUAGE_KEY), null);
  if (spoken.includes(kept)) return kept;
  for (const tag of navigator.languages || [navigator.language || ""]) {
    const code = String(tag).toLowerCase().split(/[-_]/)[0];
    if (spoken.includes(code)) return code;
  }
  return "en";
}

// The page's words, keys and rules in ``code``; <html lang> follows, so a screen reader
// reads the page with that language's voice.
export async function speak(code) {
  const data = await (await fetch("app.json?lang=" + encodeURIComponent(code))).json();
  page.data = data;
  page.lang = data.lang;
  document.documentElement.lang = page.lang;
  $("language").value = page.lang;
  for (const el of document.querySelectorAll("[data-words]")) {
    el.textContent = data.page[el.dataset.words];
  }
  for (const el of document.querySelectorAll("[data-label]")) {
    el.setAttribute("aria-label", data.page[el.dataset.label]);
  }
  buildKeys();
  buildBids();
  setRules(data.rules);
}
