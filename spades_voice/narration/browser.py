"""What the browser seat's page says on its own: words for the moments when no server
can be asked (the connection dropped, the server gone) and for the page's join form.
The page receives them as data (``net/page/web.py``), so this stays the one copy.
"""

from __future__ import annotations

from spades_voice.narration.language import N_, _

#: The page gave up: the table or its server has gone.
CANNOT_RECONNECT = N_("Could not reconnect to the table. It may have ended.")
#: A first connection that never opened (a browser sees close 1006 and no reason).
CANNOT_REACH = N_("Cannot reach the table server. Check the link, or try again later.")
#: The join form sent without a code.
NEED_CODE = N_("Type the table code first: 8 letters and digits, as the host gave it.")
#: A hint the server could not work out (its worker failed).
NO_HINT = N_("No hint this time: the computer could not work one out.")
#: A hint that cannot be answered soon: the computers are busy with the tables' moves,
#: or this seat (or its address) has asked for many hints just now.
HINT_BUSY = N_("No hint now: the computers are busy. Ask again in a moment.")
#: A hint asked for while the seat's last one is still being worked out.
HINT_THINKING = N_("Still working out your last hint.")
#: The problem report is ready to save.
REPORT_READY = N_("Problem report ready: the Save report link saves it as a file to send.")
#: Playing alone on a server that keeps nothing (``serve --no-save``): said once, first.
KEEPS_NOTHING = N_("This server keeps nothing: your match ends when you close the page.")
#: Playing alone, the same browser opened the game again elsewhere (another tab): the
#: game goes on there, and this page stops.
OPENED_ELSEWHERE = N_("Your game was opened in another tab or window, and goes on there.")
#: A seat taken: the table is yours to start, or the host's.
START_HOST = N_("Press N or the Start a game button to start; the computer plays any empty seat.")


def browser_link(link: str) -> str:
    """The host hears the page's link beside the code (it is printed too, to copy)."""
    return _("Or in a web browser: {link}").format(link=link)


def code_to_share(code: str, address: str, link: str) -> str:
    """The line ``host`` prints for friends when its server also serves the page: the
    terminal's join command and the page's link (``notices.code_to_share`` without one)."""
    return _(
        "Table code {code}. Others join with: spades-voice join {code} --server {address} "
        "or open {link} in a web browser"
    ).format(code=code, address=address, link=link)


#: What a key's button says on the page where the terminal's help would be wrong there.
PAGE_HELP = {
    "report_problem": N_(
        "Report a problem: a text file of what this page said and showed, to save and send."
    ),
    "help": N_("The keys: each is also one of these buttons."),
    "back": N_("Back to your hand from the history or a list."),
    "save_history": N_("Save this match's whole history as a text file your browser downloads."),
}
#: The actions whose terminal help is untrue at a page playing alone (a file there is
#: the browser's, not one in the data folder): its key help says ``PAGE_HELP``'s words.
PAGE_FILE_ACTIONS = ("save_history", "report_problem")


def table_code_line(code: str) -> str:
    """Shown above the seats: the code to read out to a friend."""
    return _("Table code {code}.").format(code=code)


#: The page's own headings, labels and buttons, by the name its HTML gives each
#: (``data-words`` for an element's text, ``data-label`` for its ``aria-label``): the
#: server writes the English into the page it serves, and the page puts the words of the
#: player's language in their place.
PAGE_WORDS = {
    "events_label": N_("Game events"),
    "join_heading": N_("Your table code"),
    "join_intro": N_("Type the table code the host gave you and your name, then Join."),
    "language_label": N_("Language"),
    "code_label": N_("Table code"),
    "name_label": N_("Your name"),
    "join_button": N_("Join"),
    "watch_button": N_("Watch"),
    "play_online": N_("Play online"),
    "play_alone": N_("Play alone"),
    "alone_heading": N_("Playing alone"),
    "alone_intro": N_(
        "Play alone against the computers; your partner plays its best. Nobody else can "
        "sit at your table. Your match, choices and statistics are kept for this browser: "
        "come back and press Play alone to continue."
    ),
    "computers_intro": N_(
        "Or learn by ear: four computers play a match at the level chosen here, and you "
        "listen."
    ),
    "watch_computers": N_("Watch the computers"),
    "level_label": N_("Opponents"),
    "level_easy": N_("Easy"),
    "level_medium": N_("Medium"),
    "level_hard": N_("Hard"),
    "target_label": N_("Play to"),
    "target_200": N_("200 points"),
    "target_300": N_("300 points"),
    "target_500": N_("500 points"),
    "target_single": N_("A single hand"),
    "blind_nil_label": N_("Allow blind nil"),
    "spades_any_time_label": N_("Spades may be led at any time (house rule)"),
    "open_heading": N_("Open a table for friends"),
    "open_intro": N_(
        "You host it: the page gives you its code to read to your friends, and the "
        "computer plays any seat nobody takes."
    ),
    "open_public": N_("List it under Play online, for anyone to join"),
    "open_watchers": N_("People may watch without a seat"),
    "open_watcher_chat": N_("Watchers may write in the chat"),
    "turn_label": N_("Time for each turn"),
    "turn_none": N_("No limit"),
    "turn_30": N_("30 seconds"),
    "turn_60": N_("1 minute"),
    "turn_120": N_("2 minutes"),
    "open_button": N_("Open a table"),
    "seats_heading": N_("Seats"),
    "seat_column": N_("Seat"),
    "partnership_column": N_("Partnership"),
    "who_column": N_("Who"),
    "status_column": N_("Status"),
    "start_game": N_("Start a game"),
    "game_heading": N_("The game"),
    "table_label": N_("Spades table: the game's keys work here"),
    "hand_heading": N_("Your hand"),
    "bidding_heading": N_("Bidding"),
    "place_bid": N_("Place this bid"),
    "blind_nil_button": N_("Bid blind nil"),
    "show_cards_button": N_("Show my cards"),
    "keys_heading": N_("What you can do"),
    # The actions a player by touch needs most, each a button (a phone shows them; a
    # keyboard has their keys). Help opens every action; History goes to the history.
    "actions_label": N_("Actions"),
    "act_help": N_("Help"),
    "act_hand": N_("Hand"),
    "act_bids": N_("Bids"),
    "act_scores": N_("Score"),
    "act_trick": N_("Trick"),
    "act_hint": N_("Hint"),
    "act_undo": N_("Undo"),
    "act_statistics": N_("Statistics"),
    "act_history": N_("History"),
    "act_speech_menu": N_("Speech menu"),
    "act_move_on": N_("Next"),
    "act_yes": N_("Yes"),
    "act_back": N_("Back"),
    "voice_heading": N_("Voice"),
    "voice_label": N_("Speak with this device's voice (when no screen reader runs)"),
    "trick_heading": N_("This trick"),
    "last_trick_heading": N_("Last completed trick"),
    "teams_heading": N_("Partnerships"),
    "score_column": N_("Score"),
    "bags_column": N_("Bags"),
    "bid_took_column": N_("Bid / took"),
    "players_heading": N_("Players"),
    "player_column": N_("Player"),
    "side_column": N_("Side"),
    "bid_column": N_("Bid"),
    "tricks_column": N_("Tricks"),
    "cards_column": N_("Cards"),
    "hands_heading": N_("Hands played"),
    "chat_heading": N_("Table chat"),
    "say_label": N_("Say"),
    "send_button": N_("Send"),
    "history_heading": N_("What has happened"),
    "history_intro": N_(
        "Newest first. Up and Down move entry by entry, Home newest, End oldest, "
        "Escape back to your hand."
    ),
    # By touch the history is read by swipes, newest first: no keys to name.
    "history_intro_touch": N_("Newest first."),
    "rules_heading": N_("How spades works"),
    "report_heading": N_("Report a problem"),
    "report_intro": N_(
        "Save this report and send it to whoever runs the table, with a few words on what "
        "went wrong. It holds what the page said and showed, never other players' cards."
    ),
    "report_link": N_("Save report"),
}

#: The problem report's own lines (the file a player saves and sends).
REPORT_WORDS = {
    "title": N_("Spades problem report"),
    "page": N_("Page:"),
    "browser": N_("Browser:"),
    "table": N_("Table:"),
    "no_table": N_("none"),
    "said": N_("What the page said, oldest first:"),
    "showed": N_("What the page showed:"),
}
