// What the page's modules share: the element finder and the page's state (one object, so
// every module sees the same values).

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
  state: null,
  focusCard: null,
  focusIndex: 0,
  bidIndex: 0,
  edge: null, // "tab"/"s-tab": the shell said that key reached the end of the playable cards
  lastKey: null, // the key last sent to the shell
  keysAnswered: 0, // how many keys the shell's frames have answered
  heard: [],
  alone: false, // the shell plays the seat (alone, or at a shared table once dealt)
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
