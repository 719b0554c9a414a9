// Drawing: the hand and the bid list, and the table's regions, as each frame from the
// server shows them (the focus in each list is the shell's); a tap or a click on a card
// or a bid is sent as an action on it.

import { $, page, send } from "./state.js";

function bidding() {
  return page.state && page.state.bidding;
}

// Place this bid: the bid the player chose (tapped, clicked or moved to), which alone
// is the shell's focus.
export function placeBid() {
  send({ type: "act", action: "select" });
}

export function focusHand() {
  const offer = page.state && page.state.blind_offer;
  (offer ? $("show-cards") : bidding() ? $("bids") : $("hand")).focus();
}

function drawHandFocus() {
  const box = $("hand");
  // While the seat bids, the bid list alone has a focus: the hand shows none.
  const focusCard = bidding() ? null : page.focusCard;
  for (const el of box.children) {
    const on = el.dataset.card === focusCard;
    el.setAttribute("aria-selected", on ? "true" : "false");
    el.classList.toggle("focused", on);
  }
  if (focusCard) box.setAttribute("aria-activedescendant", "card-" + focusCard);
  else box.removeAttribute("aria-activedescendant");
}

export function drawBidFocus() {
  const box = $("bids");
  Array.from(box.children).forEach((el, i) => {
    el.setAttribute("aria-selected", i === page.bidIndex ? "true" : "false");
    el.classList.toggle("focused", i === page.bidIndex);
  });
  box.setAttribute("aria-activedescendant", "bid-" + page.bidIndex);
}

export function drawHand(cards) {
  const box = $("hand");
  const keep = new Set(cards.map((c) => c.card));
  for (const el of Array.from(box.children)) {
    if (!keep.has(el.dataset.card)) el.remove();
  }
  cards.forEach((c, i) => {
    let el = $("card-" + c.card);
    if (!el) {
      el = document.createElement("div");
      el.id = "card-" + c.card;
      el.dataset.card = c.card;
      el.setAttribute("role", "option");
      el.className = "card";
      el.append(face(c.card), Object.assign(document.createElement("span"), {
        className: "visually-hidden",
      }));
      // A tap or a click acts on this card, by its code (never its place, which changes
      // as the hand does). By touch the screen reader named it as the finger reached it
      // (or it was seen under the finger): it is chosen. A mouse click names it first
      // (shell/actions.py says why); a second click on it plays it.
      el.addEventListener("click", (e) => {
        page.focusCard = c.card;
        drawHandFocus();
        send({ type: "act", card: c.card, named: e.pointerType !== "mouse" });
      });
    }
    if (box.children[i] !== el) box.insertBefore(el, box.children[i] || null);
    // The option's name is the label (the face is for the eyes only).
    const name = el.lastElementChild;
    if (name.textContent !== c.label) name.textContent = c.label;
    el.classList.toggle("playable", c.playable);
  });
  let i = cards.findIndex((c) => c.card === page.focusCard);
  if (i < 0) i = Math.max(0, Math.min(page.focusIndex, cards.length - 1));
  page.focusIndex = i;
  page.focusCard = cards.length ? cards[i].card : null;
  drawHandFocus();
}

// A card's face for the eyes: rank and suit large, the suit's colour and symbol. Hidden
// from screen readers, who hear the option's label ("Ace of spades, playable.").
const SUITS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };

function face(code) {
  const span = document.createElement("span");
  span.className = "face suit-" + code.slice(-1);
  span.setAttribute("aria-hidden", "true");
  const rank = code.slice(0, -1);
  span.textContent = (rank === "T" ? "10" : rank) + SUITS[code.slice(-1)];
  return span;
}

// The trick as it lies, for the eyes: each seat where it sits from this one (you at the
// bottom, your partner across), with the card it has played. The sentence above it
// (#trick) is what a screen reader reads; this is hidden from it.
function drawFelt(places) {
  const felt = $("felt");
  const key = JSON.stringify(places);
  if (felt.dataset.drawn === key) return;
  felt.dataset.drawn = key;
  felt.replaceChildren(...places.map((p) => {
    const spot = document.createElement("div");
    spot.className = "spot " + p.where;
    const who = document.createElement("span");
    who.className = "who";
    who.textContent = p.name;
    const card = document.createElement("span");
    card.className = p.card ? "card" : "card empty";
    if (p.card) card.appendChild(face(p.card));
    spot.append(who, card);
    return spot;
  }));
}

export function buildBids() {
  const box = $("bids");
  box.replaceChildren();
  page.data.bids.forEach((b, i) => {
    const el = document.createElement("div");
    el.id = "bid-" + i;
    el.setAttribute("role", "option");
    el.textContent = b.label;
    el.addEventListener("click", () => {
      page.bidIndex = i;
      drawBidFocus();
      send({ type: "act", bid: b.bid }); // the shell's focus, named
    });
    box.appendChild(el);
  });
}

// ---- the regions --------------------------------------------------------------

function rows(body, list, cells) {
  while (body.children.length > list.length) body.lastElementChild.remove();
  list.forEach((item, i) => {
    let tr = body.children[i];
    if (!tr) {
      tr = document.createElement("tr");
      cells(item).forEach((_, j) => {
        const cell = document.createElement(j === 0 ? "th" : "td");
        if (j === 0) cell.scope = "row";
        tr.appendChild(cell);
      });
      body.appendChild(tr);
    }
    cells(item).forEach((text, j) => {
      const s = String(text);
      if (tr.children[j].textContent !== s) tr.children[j].textContent = s;
    });
  });
}

export function setText(id, text) {
  const el = $(id);
  if (el.textContent !== text) el.textContent = text;
}

export function setRules(lines) {
  const list = $("rules");
  list.replaceChildren(...lines.map((t) => {
    const li = document.createElement("li");
    li.textContent = t;
    return li;
  }));
}

export function draw(s) {
  const wasBidding = bidding();
  const wasState = page.state;
  page.state = s;
  $("seats").hidden = false;
  rows($("seats-body"), s.seats, (x) => [x.seat, x.side, x.who, x.status]);
  $("start").hidden = !(s.host && !s.started);
  const show = s.started && !s.waiting;
  const gameWasHidden = $("game").hidden;
  $("game").hidden = !show;
  if (!show) return;
  $("join").hidden = true;
  drawHand(s.hand);
  $("hand").classList.toggle("turn", s.my_turn && s.phase === "playing");
  $("bidding").hidden = !s.bidding;
  // Blind nil offered: its two buttons instead of the bid list (no cards to bid on yet).
  const offer = Boolean(s.blind_offer);
  const offerWas = Boolean(wasState && wasState.blind_offer);
  $("blind-offer").hidden = !offer;
  $("bids").hidden = offer;
  $("place-bid").hidden = offer;
  // Focus follows the turn only while it is at the table: someone reading the history
  // or the rules keeps their place (the assertive region says it is their turn).
  const here = document.activeElement;
  // The chat's Send button is not a place to type: the turn takes focus from it too.
  const offChat = here && $("chat-region").contains(here) && here.tagName !== "INPUT";
  const atTable = !here || here === document.body || $("table").contains(here) ||
    $("seats").contains(here) || offChat;
  // A new turn (my play can end a trick I win, so my_turn may never have been false).
  const turnCame = s.my_turn && !(wasState && wasState.my_turn &&
    wasState.phase === s.phase && wasState.hand.length === s.hand.length);
  if (s.bidding && (!wasBidding || offerWas !== offer)) {
    page.bidIndex = s.bid_focus;
    drawBidFocus();
    if (atTable) (offer ? $("show-cards") : $("bids")).focus();
  } else if (!s.bidding && wasBidding && atTable) {
    $("hand").focus();
  }
  if (turnCame) page.edge = null;
  if ((gameWasHidden || (turnCame && offChat)) && atTable) focusHand();
  setText("trick", s.trick);
  drawFelt(s.trick_cards || []);
  $("felt").hidden = s.phase !== "playing"; // no trick while the hand is bid
  setText("last-trick", s.last_trick);
  rows($("teams-body"), s.teams, (t) => [
    t.name, t.score, t.bags, (t.bid === null ? "-" : t.bid) + " / " + t.took,
  ]);
  rows($("players-body"), s.players, (x) => [x.name, x.side, x.bid || "-", x.tricks, x.cards]);
  const hands = $("hands");
  while (hands.children.length > s.hands.length) hands.lastElementChild.remove();
  s.hands.forEach((text, i) => {
    let li = hands.children[i];
    if (!li) { li = document.createElement("li"); hands.appendChild(li); }
    if (li.textContent !== text) li.textContent = text;
  });
}
