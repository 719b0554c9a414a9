// The connection: joining, the seat's websocket (and taking the seat back when it
// drops), and what each message from the server does. From the deal on, the seat is
// played on the server by the terminal's own shell (spades_voice/alone/guest.py): its
// frames are shown and said as a page playing alone shows them (solo.js); before the
// deal the page shows the lobby (the seats, the host's Start) as the server tells it.

import { $, page } from "./state.js";
import { announce, remember, touching } from "./say.js";
import { draw, setRules, setText } from "./draw.js";
import { firstScreen, render } from "./solo.js";

export function storageKey(table) {
  return "spades-seat-" + table.replace(/[^0-9A-Za-z]/g, "").toUpperCase();
}

function toSeat(message) {
  const socket = page.socket;
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

// Where the seat's websocket opens: beside the page (a proxy's path for one process
// included), or the process another one sent us to (a "moved" frame).
let seatUrl = new URL("seat", location.href).href.replace(/^http/, "ws");
let sent = null; // the hello said on the socket now open
let moving = null; // the hello to say at the process holding the table

export function connect(hello) {
  const ws = new WebSocket(seatUrl);
  page.socket = ws;
  page.out = toSeat;
  sent = hello;
  let opened = false;
  ws.addEventListener("open", () => {
    opened = true;
    ws.send(JSON.stringify({ ...hello, touch: touching() })); // instructions for taps
  });
  ws.addEventListener("message", (m) => receive(JSON.parse(m.data)));
  ws.addEventListener("close", () => {
    if (page.socket !== ws) return;
    page.socket = null;
    if (moving) {
      const next = moving;
      moving = null;
      connect(next);
      return;
    }
    if (page.closedForGood) return;
    const words = page.data.words;
    if (page.seat && Date.now() < page.reconnectUntil) {
      // At once the first time (most drops are brief), then once a second.
      setTimeout(() => connect(rejoinHello()), page.lostSaid ? 1000 : 0);
      if (!page.lostSaid) { announce([], [words.lost]); page.lostSaid = true; }
    } else if (page.seat) {
      announce([], [words.gone]);
    } else if (!opened) {
      announce([], [words.unreachable]);
      setText("join-status", words.unreachable);
    }
  });
}

// The seat's own tab coming back (a reload, a dropped connection): it takes the seat
// back even from a connection the server has not yet noticed is gone.
export function rejoinHello() {
  const seat = page.seat;
  return { type: "rejoin", table: seat.table, token: seat.token, lang: page.lang };
}

function receive(m) {
  const state = page.state;
  if (m.type === "moved") {
    // Another process of the server holds the table: the same hello, said there.
    seatUrl = m.seat;
    moving = sent.type === "join_any"
      ? { type: "join", table: m.table, name: sent.name, lang: page.lang }
      : Object.assign({}, sent, { table: m.table });
    return;
  }
  if (m.type === "welcome") {
    const name = $("name").value.trim() || (page.seat && page.seat.name) || "";
    page.seat = { table: m.table, token: m.token, name: name };
    // A watcher has no seat to take back: nothing is kept for a reload.
    if (!m.watching) sessionStorage.setItem(storageKey(m.table), JSON.stringify(page.seat));
    location.hash = m.table;
    setText("table-code", m.code_line);
    page.lostSaid = false;
    page.reconnectUntil = Date.now() + 60000;
    setRules(m.rules);
    $("join").hidden = true;
    $("seats").hidden = false;
    $("chat-region").hidden = false;
    if (m.host) $("start").hidden = false;
    if (!state || !state.started) (m.host ? $("start") : $("seats-h")).focus();
    announce([], m.urgent);
    return;
  }
  if (m.type === "closed") {
    page.closedForGood = true;
    announce([], m.urgent);
    if (!page.seat || m.code === 4004 && !state) {
      $("join").hidden = false;
      setText("join-status", m.urgent.join(" "));
    }
    if (page.seat) sessionStorage.removeItem(storageKey(page.seat.table));
    return;
  }
  if (m.type === "left") { // the player left the table (Q, then Y)
    page.closedForGood = true;
    if (page.seat) sessionStorage.removeItem(storageKey(page.seat.table));
    page.seat = null;
    firstScreen(m.urgent);
    return;
  }
  if (m.type === "update" && m.alone) { // the seat's shell, from the deal on
    page.reconnectUntil = Date.now() + 60000;
    page.alone = true;
    render(m);
    return;
  }
  // All the lines of one message are said together, in order (say.js says why).
  announce(m.lines || [], m.urgent || []);
  if (m.lines) remember(m.lines);
  if (m.urgent && m.type === "update") remember(m.urgent);
  if (m.type === "update") {
    page.reconnectUntil = Date.now() + 60000;
    draw(m);
  }
}

export function join(e) {
  if (e) e.preventDefault();
  const table = typedCode();
  if (!table) return;
  page.closedForGood = false;
  const saved = JSON.parse(sessionStorage.getItem(storageKey(table)) || "null");
  connect({
    type: "join", table: table, name: $("name").value.trim(),
    token: saved ? saved.token : undefined, lang: page.lang,
  });
}

// Listen to the table without a seat: the server sends only what every player knows.
export function watch() {
  const table = typedCode();
  if (!table) return;
  page.closedForGood = false;
  connect({ type: "watch", table: table, name: $("name").value.trim(), lang: page.lang });
}

function typedCode() {
  const table = $("code").value.trim();
  if (!table) {
    announce([], [page.data.words.need_code]);
    setText("join-status", page.data.words.need_code);
    $("code").focus();
    return "";
  }
  return table;
}
