// The browser seat. It shows what the server sends and sends keys: every sentence it
// says comes from the server (the game's narration) or from /app.json (the same words
// and keymap the terminal uses), never from this file. The language is the player's:
// chosen on the join form (remembered), else the browser's first one the game speaks;
// /app.json comes in it, and the server narrates the seat in it.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const said = $("said");
  const urgent = $("urgent");
  let data = null; // /app.json: keys, spoken keys, help, bid labels, rules, words
  let lang = "en"; // the language the page and the seat speak
  const LANGUAGE_KEY = "spades-language";
  let keyToAction = new Map();
  let socket = null;
  // Where the seat's websocket opens: beside the page (a proxy's path for one process
  // included), or the process another one sent us to (a "moved" frame).
  let seatUrl = new URL("seat", location.href).href.replace(/^http/, "ws");
  let sent = null; // the hello said on the socket now open
  let moving = null; // the hello to say at the process holding the table
  let seat = null; // {table, token, name} once seated
  let closedForGood = false;
  let reconnectUntil = 0;
  let lostSaid = false;
  let lastLine = "";
  let state = null;
  let focusCard = null;
  let focusIndex = 0;
  let bidIndex = 0;
  const heard = [];

  // Keys the server answers (a summary of the table, or an intent it makes).
  const SERVER_KEYS = new Set([
    "hand", "bids", "scores", "trick", "count", "seats", "people", "since_my_turn",
    "what_we_need", "last_trick", "move_on", "seat_waiting", "hint",
  ]);
  // Keys this page does itself (moving focus between its parts).
  const PAGE_KEYS = new Set([
    "previous", "next", "up", "down", "first", "last", "select", "next_playable",
    "previous_playable", "history", "hands_played", "rules", "help", "repeat", "back",
    "report_problem", "chat",
  ]);

  // ---- saying -------------------------------------------------------------------

  function announce(lines, region) {
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
      lastLine = text;
    }
  }

  function remember(lines) {
    const list = $("history");
    for (const text of lines) {
      if (!text) continue;
      heard.push(text);
      const li = document.createElement("li");
      li.textContent = text;
      li.tabIndex = -1;
      list.insertBefore(li, list.firstChild);
    }
  }

  // ---- keys ---------------------------------------------------------------------

  function keyName(e) {
    const named = {
      ArrowLeft: "left", ArrowRight: "right", ArrowUp: "up", ArrowDown: "down",
      Home: "home", End: "end", Enter: "enter", " ": "space", Escape: "escape",
      Tab: "tab", PageUp: "pageup", PageDown: "pagedown", Backspace: "backspace",
      Delete: "delete", Insert: "insert",
    };
    let name = named[e.key];
    if (!name && /^F\d{1,2}$/.test(e.key)) name = e.key.toLowerCase();
    if (!name && e.key.length === 1) name = e.key;
    if (!name) return null;
    if (e.ctrlKey || e.altKey || e.metaKey) {
      return e.ctrlKey && !e.altKey && !e.metaKey ? "c-" + name.toLowerCase() : null;
    }
    if (e.shiftKey && name === "tab") return "s-tab";
    return name;
  }

  function actionFor(name) {
    if (keyToAction.has(name)) return keyToAction.get(name);
    // A lower-case letter answers in either case unless its capital is bound.
    if (name.length === 1 && name !== name.toLowerCase()) {
      return keyToAction.get(name.toLowerCase()) || null;
    }
    return null;
  }

  function shortcut(key) {
    const words = {
      left: "ArrowLeft", right: "ArrowRight", up: "ArrowUp", down: "ArrowDown",
      home: "Home", end: "End", enter: "Enter", space: "Space", escape: "Escape",
      tab: "Tab", "s-tab": "Shift+Tab", pageup: "PageUp", pagedown: "PageDown",
    };
    if (words[key]) return words[key];
    if (/^f\d+$/.test(key)) return key.toUpperCase();
    if (key.startsWith("c-")) return "Control+" + shortcut(key.slice(2));
    if (key.length === 1 && key !== key.toLowerCase()) return "Shift+" + key;
    return key.toUpperCase();
  }

  function buildKeys() {
    keyToAction = new Map();
    for (const [action, keys] of Object.entries(data.keys)) {
      for (const k of keys) keyToAction.set(k, action);
    }
    const box = $("keys");
    box.replaceChildren();
    for (const [action, keys] of Object.entries(data.keys)) {
      if (!SERVER_KEYS.has(action) && !PAGE_KEYS.has(action)) continue;
      if (!keys.length || !data.help[action]) continue;
      const b = document.createElement("button");
      b.type = "button";
      b.id = "key-" + action;
      b.textContent = data.help[action] + " (" + data.spoken[action] + ")";
      b.setAttribute("aria-keyshortcuts", keys.map(shortcut).join(" "));
      b.addEventListener("click", () => act(action));
      box.appendChild(b);
    }
  }

  function onKey(e) {
    const name = keyName(e);
    if (name === null) return;
    const action = actionFor(name);
    if (action === null) return;
    if ((action === "next_playable" || action === "previous_playable") &&
        !(state && state.my_turn && state.phase === "playing")) {
      return; // Tab moves through the page when there is no card to play
    }
    if (!SERVER_KEYS.has(action) && !PAGE_KEYS.has(action)) return;
    e.preventDefault();
    if (e.repeat) return; // a held key is one press
    act(action);
  }

  function act(action) {
    if (SERVER_KEYS.has(action)) {
      send({ type: "key", action: action });
      return;
    }
    if (["previous", "next", "first", "last", "up", "down"].includes(action)) {
      move(action);
    } else if (action === "select") {
      select();
    } else if (action === "next_playable" || action === "previous_playable") {
      jumpPlayable(action === "next_playable" ? 1 : -1);
    } else if (action === "history") {
      const first = $("history").firstElementChild;
      (first || $("history-h")).focus();
    } else if (action === "hands_played") {
      $("hands-h").focus();
    } else if (action === "rules") {
      $("rules-h").focus();
    } else if (action === "help") {
      const first = $("keys").firstElementChild;
      if (first) first.focus();
    } else if (action === "repeat") {
      announce([lastLine || data.words.nothing_said], urgent);
    } else if (action === "back") {
      focusHand();
    } else if (action === "report_problem") {
      report();
    } else if (action === "chat") {
      $("say").focus();
    }
  }

  // ---- the hand and the bids ----------------------------------------------------

  function bidding() {
    return state && state.bidding;
  }

  function move(where) {
    if (bidding()) {
      const last = data.bids.length - 1;
      const step = { previous: -1, up: -1, next: 1, down: 1 }[where];
      bidIndex = where === "first" ? 0 : where === "last" ? last
        : Math.max(0, Math.min(last, bidIndex + step));
      drawBidFocus();
      return;
    }
    const cards = state ? state.hand : [];
    if (!cards.length) return;
    let i = focusIndex;
    if (where === "previous") i = Math.max(0, i - 1);
    else if (where === "next") i = Math.min(cards.length - 1, i + 1);
    else if (where === "first") i = 0;
    else if (where === "last") i = cards.length - 1;
    else {
      const suit = (k) => cards[k].card.slice(-1);
      if (where === "down") {
        let j = i;
        while (j < cards.length && suit(j) === suit(i)) j++;
        if (j < cards.length) i = j;
      } else {
        let j = i;
        while (j > 0 && suit(j - 1) === suit(i)) j--;
        if (j > 0) {
          j--;
          while (j > 0 && suit(j - 1) === suit(j)) j--;
        }
        i = j;
      }
    }
    focusIndex = i;
    focusCard = cards[i].card;
    drawHandFocus();
  }

  function jumpPlayable(step) {
    const cards = state.hand;
    for (let k = 1; k <= cards.length; k++) {
      const i = focusIndex + step * k;
      if (i < 0 || i >= cards.length) break;
      if (cards[i].playable) {
        focusIndex = i;
        focusCard = cards[i].card;
        drawHandFocus();
        return;
      }
    }
  }

  function select() {
    if (bidding()) {
      send({ type: "bid", bid: data.bids[bidIndex].bid, id: 2 });
      return;
    }
    const cards = state ? state.hand : [];
    if (!cards.length) return;
    send({ type: "play", card: cards[focusIndex].card, id: 3 });
  }

  function focusHand() {
    (bidding() ? $("bids") : $("hand")).focus();
  }

  function drawHandFocus() {
    const box = $("hand");
    for (const el of box.children) {
      const on = el.dataset.card === focusCard;
      el.setAttribute("aria-selected", on ? "true" : "false");
      el.classList.toggle("focused", on);
    }
    if (focusCard) box.setAttribute("aria-activedescendant", "card-" + focusCard);
    else box.removeAttribute("aria-activedescendant");
  }

  function drawBidFocus() {
    const box = $("bids");
    Array.from(box.children).forEach((el, i) => {
      el.setAttribute("aria-selected", i === bidIndex ? "true" : "false");
      el.classList.toggle("focused", i === bidIndex);
    });
    box.setAttribute("aria-activedescendant", "bid-" + bidIndex);
  }

  function drawHand(cards) {
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
        el.addEventListener("click", () => {
          focusIndex = i;
          focusCard = c.card;
          drawHandFocus();
          select();
        });
      }
      if (box.children[i] !== el) box.insertBefore(el, box.children[i] || null);
      if (el.textContent !== c.label) el.textContent = c.label;
      el.classList.toggle("playable", c.playable);
    });
    let i = cards.findIndex((c) => c.card === focusCard);
    if (i < 0) i = Math.max(0, Math.min(focusIndex, cards.length - 1));
    focusIndex = i;
    focusCard = cards.length ? cards[i].card : null;
    drawHandFocus();
  }

  function buildBids() {
    const box = $("bids");
    box.replaceChildren();
    data.bids.forEach((b, i) => {
      const el = document.createElement("div");
      el.id = "bid-" + i;
      el.setAttribute("role", "option");
      el.textContent = b.label;
      el.addEventListener("click", () => { bidIndex = i; drawBidFocus(); });
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

  function setText(id, text) {
    const el = $(id);
    if (el.textContent !== text) el.textContent = text;
  }

  function draw(s) {
    const wasBidding = bidding();
    state = s;
    $("seats").hidden = false;
    rows($("seats-body"), s.seats, (x) => [x.seat, x.side, x.who, x.status]);
    $("start").hidden = !(s.host && !s.started);
    const show = s.started && !s.waiting;
    const gameWasHidden = $("game").hidden;
    $("game").hidden = !show;
    if (!show) return;
    $("join").hidden = true;
    drawHand(s.hand);
    $("bidding").hidden = !s.bidding;
    // Focus follows the turn only while it is at the table: someone reading the history
    // or the rules keeps their place (the assertive region says it is their turn).
    const here = document.activeElement;
    const atTable = !here || here === document.body || $("table").contains(here) ||
      $("seats").contains(here);
    if (s.bidding && !wasBidding) {
      bidIndex = s.bid_focus;
      drawBidFocus();
      if (atTable) $("bids").focus();
    } else if (!s.bidding && wasBidding && atTable) {
      $("hand").focus();
    }
    if (gameWasHidden && atTable) focusHand();
    setText("trick", s.trick);
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

  // ---- the connection -----------------------------------------------------------

  function storageKey(table) {
    return "spades-seat-" + table.replace(/[^0-9A-Za-z]/g, "").toUpperCase();
  }

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  function connect(hello) {
    const ws = new WebSocket(seatUrl);
    socket = ws;
    sent = hello;
    let opened = false;
    ws.addEventListener("open", () => {
      opened = true;
      ws.send(JSON.stringify(hello));
    });
    ws.addEventListener("message", (m) => receive(JSON.parse(m.data)));
    ws.addEventListener("close", () => {
      if (socket !== ws) return;
      socket = null;
      if (moving) {
        const hello = moving;
        moving = null;
        connect(hello);
        return;
      }
      if (closedForGood) return;
      if (seat && Date.now() < reconnectUntil) {
        // At once the first time (most drops are brief), then once a second.
        setTimeout(() => connect(rejoinHello()), lostSaid ? 1000 : 0);
        if (!lostSaid) { announce([data.words.lost], urgent); lostSaid = true; }
      } else if (seat) {
        announce([data.words.gone], urgent);
      } else if (!opened) {
        announce([data.words.unreachable], urgent);
        setText("join-status", data.words.unreachable);
      }
    });
  }

  // The seat's own tab coming back (a reload, a dropped connection): it takes the seat
  // back even from a connection the server has not yet noticed is gone.
  function rejoinHello() {
    return { type: "rejoin", table: seat.table, token: seat.token, lang: lang };
  }

  function receive(m) {
    if (m.type === "moved") {
      // Another process of the server holds the table: the same hello, said there.
      seatUrl = m.seat;
      moving = sent.type === "join_any"
        ? { type: "join", table: m.table, name: sent.name, lang: lang }
        : Object.assign({}, sent, { table: m.table });
      return;
    }
    if (m.type === "welcome") {
      const name = $("name").value.trim() || (seat && seat.name) || "";
      seat = { table: m.table, token: m.token, name: name };
      sessionStorage.setItem(storageKey(m.table), JSON.stringify(seat));
      location.hash = m.table;
      setText("table-code", m.code_line);
      lostSaid = false;
      reconnectUntil = Date.now() + 60000;
      setRules(m.rules);
      $("join").hidden = true;
      $("seats").hidden = false;
      $("chat-region").hidden = false;
      if (m.host) $("start").hidden = false;
      if (!state || !state.started) (m.host ? $("start") : $("seats-h")).focus();
      announce(m.urgent, urgent);
      return;
    }
    if (m.type === "closed") {
      closedForGood = true;
      announce(m.urgent, urgent);
      if (!seat || m.code === 4004 && !state) {
        $("join").hidden = false;
        setText("join-status", m.urgent.join(" "));
      }
      if (seat) sessionStorage.removeItem(storageKey(seat.table));
      return;
    }
    if (m.type === "answer" && m.focus !== undefined && state) {
      if (typeof m.focus === "number") {
        bidIndex = m.focus;
        drawBidFocus();
      } else {
        focusCard = m.focus;
        drawHand(state.hand);
      }
    }
    if (m.lines) { announce(m.lines, said); remember(m.lines); }
    if (m.urgent && m.urgent.length) {
      announce(m.urgent, urgent);
      if (m.type === "update") remember(m.urgent);
    }
    if (m.type === "update") {
      reconnectUntil = Date.now() + 60000;
      draw(m);
    }
  }

  function setRules(lines) {
    const list = $("rules");
    list.replaceChildren(...lines.map((t) => {
      const li = document.createElement("li");
      li.textContent = t;
      return li;
    }));
  }

  function join(e) {
    if (e) e.preventDefault();
    const table = $("code").value.trim();
    if (!table) {
      announce([data.words.need_code], urgent);
      setText("join-status", data.words.need_code);
      $("code").focus();
      return;
    }
    closedForGood = false;
    const saved = JSON.parse(sessionStorage.getItem(storageKey(table)) || "null");
    connect({
      type: "join", table: table, name: $("name").value.trim(),
      token: saved ? saved.token : undefined, lang: lang,
    });
  }

  // ---- history, reports ----------------------------------------------------------

  function historyKeys(e) {
    const items = Array.from($("history").children);
    const i = items.indexOf(document.activeElement);
    if (i < 0) return;
    const to = { ArrowUp: i - 1, ArrowDown: i + 1, Home: 0, End: items.length - 1 }[e.key];
    if (e.key === "Escape") { e.preventDefault(); focusHand(); return; }
    if (to === undefined) return;
    e.preventDefault();
    items[Math.max(0, Math.min(items.length - 1, to))].focus();
  }

  function report() {
    const w = data.report;
    const text = [
      w.title, w.page + " " + location.pathname, w.browser + " " + navigator.userAgent,
      w.table + " " + (seat ? seat.table : w.no_table), "", w.said,
      ...heard.slice(-200), "", w.showed, JSON.stringify(state || {}),
    ].join("\n");
    const link = $("report-link");
    if (link.href.startsWith("blob:")) URL.revokeObjectURL(link.href);
    link.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    $("report-region").hidden = false;
    $("report-h").focus();
    announce([data.words.report], urgent);
  }

  // ---- language ---------------------------------------------------------------

  function stored(get, fallback) {
    try { return get(); } catch (e) { return fallback; } // storage may be switched off
  }

  // The one remembered on this browser, else the first of the browser's own languages
  // the game speaks, else English (the server's list is the choice's options).
  function firstLanguage() {
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
  async function speak(code) {
    data = await (await fetch("app.json?lang=" + encodeURIComponent(code))).json();
    lang = data.lang;
    document.documentElement.lang = lang;
    $("language").value = lang;
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

  // ---- start ------------------------------------------------------------------

  async function start() {
    await speak(firstLanguage());
    $("language").addEventListener("change", async () => {
      const code = $("language").value;
      stored(() => localStorage.setItem(LANGUAGE_KEY, code), null);
      await speak(code);
    });
    $("place-bid").addEventListener("click", () => {
      send({ type: "bid", bid: data.bids[bidIndex].bid, id: 2 });
    });
    $("join-form").addEventListener("submit", join);
    $("play-online").addEventListener("click", () => {
      closedForGood = false;
      connect({ type: "join_any", name: $("name").value.trim(), lang: lang });
    });
    $("start").addEventListener("click", () => send({ type: "key", action: "move_on" }));
    $("chat-form").addEventListener("submit", (e) => {
      e.preventDefault();
      send({ type: "say", text: $("say").value, id: 4 });
      $("say").value = "";
    });
    $("say").addEventListener("keydown", (e) => {
      if (e.key === "Escape") { e.preventDefault(); focusHand(); }
    });
    $("table").addEventListener("keydown", onKey);
    $("history").addEventListener("keydown", historyKeys);
    document.addEventListener("keydown", (e) => {
      if (e.target.closest && e.target.closest("#table, input, #history")) return;
      const name = keyName(e);
      const action = name && actionFor(name);
      // The Start button shows whether this seat may start (from the welcome on).
      if (action === "move_on" && !$("start").hidden) {
        e.preventDefault();
        if (!e.repeat) act(action);
      } else if (action === "back" && state && state.started) {
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
        seat = saved;
        connect(rejoinHello());
        document.body.dataset.ready = "true";
        return;
      }
    }
    $(code ? "name" : "code").focus();
    document.body.dataset.ready = "true";
  }

  start();
})();
