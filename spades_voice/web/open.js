// Opening a table for friends from the first screen, with the host's choices: listed
// under Play online for anyone, or only for who has its code; the time for each turn;
// the house rule that spades may be led at any time; and whether people may watch, and
// watchers write in the chat. The server opens it as the terminal's ``host`` does; the
// page is its host.

import { $, page } from "./state.js";
import { connect } from "./connection.js";

export function openTable() {
  const seconds = $("turn-seconds").value;
  page.closedForGood = false;
  connect({
    type: "create", name: $("name").value.trim(), lang: page.lang,
    public: $("open-public").checked, turn_seconds: seconds ? Number(seconds) : null,
    spades_any_time: $("open-spades-any-time").checked,
    watchers: $("open-watchers").checked, watcher_chat: $("open-watcher-chat").checked,
  });
}
