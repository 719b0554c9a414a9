"""``RemoteTable.close`` at the moment the server ends the connection for good: the
client's own close must never be left unawaited ("coroutine 'TableClient.close' was never
awaited") when the network thread's loop is already finishing."""

from __future__ import annotations

import gc
import threading
import warnings

from net_helpers import running_server, wait_for

from spades_voice.narration.closes import Closed
from spades_voice.net.seats.remote_table import RemoteTable
from spades_voice.rules import Reason


def test_close_while_the_server_ends_the_connection_leaves_nothing_unawaited() -> None:
    with running_server() as server:
        ann = RemoteTable.create(server.url, "Ann")
        hold, inside = threading.Event(), threading.Event()

        def listener() -> None:  # on the network thread: hold it as the end arrives
            if ann.closed_reason is not None:
                inside.set()
                hold.wait(5)

        ann.set_listener(listener)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            taker = RemoteTable.rejoin(server.url, ann.code, ann.token)  # Ann's ends for good
            try:
                wait_for(inside.is_set)
                closer = threading.Thread(target=ann.close)
                closer.start()  # asks the network loop to close while it is ending
                hold.set()
                closer.join(10)
                assert not closer.is_alive()
                gc.collect()
            finally:
                hold.set()
                ann.close()
                taker.close()
        unawaited = [str(w.message) for w in caught if "never awaited" in str(w.message)]
        assert unawaited == []
        assert ann.closed_reason == Reason(Closed.SEAT_TAKEN_UP)
