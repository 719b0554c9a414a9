// Saying: the live regions (polite #said, assertive #urgent) and the history list.

import { $, page } from "./state.js";

export const said = $("said");
export const urgent = $("urgent");

export function announce(lines, region) {
  for (const text of lines) {
    if (!text) continue;
    const p = document.createElement("p");
    p.textContent = text;
    if (region === urgent) {
      urgent.replaceChildren(p);
    } else {
      said.appendChild(p);
      while (said.childElementCount > 30) said.firstElementChild.remove();
    }
    page.lastLine = text;
  }
}

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
