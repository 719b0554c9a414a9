"""What the browser seat's page says on its own: words for the moments when no server
can be asked (the connection dropped, the server gone) and for the page's join form.
The page receives them as data (``net/web.py``), so this stays the one copy.
"""

from __future__ import annotations

from spades_voice.narration.language import N_, _

#: The page gave up: the table or its server has gone.
CANNOT_RECONNECT = N_("Could not reconnect to the table. It may have ended.")
#: A first connection that never opened (a browser sees close 1006 and no reason).
CANNOT_REACH = N_("Cannot reach the table server. Check the link, or try again later.")
#: The join form sent without a code.
NEED_CODE = N_("Type the table code first: 8 letters and digits, as the host gave it.")
#: A key the page's own keys have no action for (it says nothing for other keys).
NOT_HERE = N_("That key does nothing on this page.")
#: A hint the server could not work out (its worker failed).
NO_HINT = N_("No hint this time: the computer could not work one out.")
#: The problem report is ready to save.
REPORT_READY = N_("Problem report ready: the Save report link saves it as a file to send.")
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
}


def table_code_line(code: str) -> str:
    """Shown above the seats: the code to read out to a friend."""
    return _("Table code {code}.").format(code=code)
