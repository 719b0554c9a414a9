// What the page's modules share: the element finder, the page's state (one object, so
// every module sees the same values), and which keys go to the server and which the
// page does itself.

export const $ = (id) => document.getElementById(id);

export const page = {
  data: null, // /app.json: keys, spoken keys, help, bid labels, rules, words
  lang: "en", // the language the page and the seat speak
  keyToAction: new Map(),
  socket: null,
  seat: null, // {table, token, name} once seated
  closedForGood: false,
  reconnectUntil: 0,
  lostSaid: false,
  lastLine: "",
  state: null,
  focusCard: null,
  focusIndex: 0,
  bidIndex: 0,
  edge: null, // "last_playable"/"first_playable" once said at that end of the hand
  heard: [],
  alone: false, // playing alone (solo.js): every key goes to the server
  // Where the page's messages go: the socket in use sets it (connection.js at a shared
  // table, solo.js alone), so drawing sends a tap without knowing which one it is.
  out: () => {},
};

export function send(message) {
  page.out(message);
}

export function stored(get, fallback) {
  try { return get(); } catch (e) { return fallback; } // storage may be switched off
}

// Keys the server answers (a summary of the table, or an intent it makes).
export const SERVER_KEYS = new Set([
  "hand", "bids", "scores", "trick", "count", "seats", "people", "since_my_turn",
  "what_we_need", "last_trick", "move_on", "seat_waiting", "hint",
]);
// Keys this page does itself (moving focus between its parts).
export const PAGE_KEYS = new Set([
  "previous", "next", "up", "down", "first", "last", "select", "next_playable",
  "previous_playable", "history", "hands_played", "rules", "help", "repeat", "back",
  "report_problem", "chat",
]);
