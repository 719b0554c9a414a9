"""Why a message is not what the shared tables' protocol says (``net.wire.protocol``'s
``ProtocolError``): each kind with its words. A field, key or type named in a fact is the
protocol's own name for it ("rules.target", "int"), quoted as data."""

from __future__ import annotations

from spades_voice.narration import refusals
from spades_voice.narration.kinds import Kind
from spades_voice.narration.language import N_


class Wrong(Kind):
    """Why a message, a hello or a frame the server sent is refused."""

    NOT_TEXT_FRAME = "not_text_frame", N_("Messages are text frames.")
    NOT_JSON = "not_json", N_("Not JSON.")
    NO_TYPE = "no_type", N_("A message is an object with a type.")
    UNKNOWN_TYPE = "unknown_type", N_("Unknown message type: {text}.")
    BAD_ID = "bad_id", N_("id must be a whole number.")
    TOO_BIG = "too_big", N_("Messages are at most {number} bytes.")
    SLOW_DOWN = "slow_down", refusals.SLOW_DOWN
    FIRST_MESSAGE = "first_message", N_("The first message is {hellos}.")
    REJOIN_NEEDS_TOKEN = "rejoin_needs_token", N_("rejoin needs the seat token.")
    SEEN_NEGATIVE = "seen_negative", N_("seen counts decisions: 0 or more.")
    NOT_A_CODE = "not_a_code", refusals.NOT_A_CODE
    NAME_NOT_TEXT = "name_not_text", N_("A name must be text.")
    EMPTY_NAME = "empty_name", refusals.EMPTY_NAME
    FIELD_TYPE = "field_type", N_("{key} must be {type}.")
    NOT_AN_OBJECT = "object_expected", N_("{key} must be an object.")
    SEAT_FORM = "seat_form", N_("A seat is one of {known}.")
    TEAM_FORM = "team_form", N_("A team is one of {known}.")
    NOT_A_TEAM = "not_a_team", N_("Not a team: {text}.")
    CARD_FORM = "card_form", N_("A card is a code such as {text}.")
    SUIT_FORM = "suit_form", N_("A suit is one of {known}.")
    NOT_A_PHASE = "not_a_phase", N_("Not a phase: {text}.")
    EACH_OF = "each_of", N_("Expected one entry for each of {known}.")
    WHOLE_NUMBER = "whole_number", N_("Expected a whole number.")
    TRUE_OR_FALSE = "true_or_false", N_("Expected true or false.")
    A_LIST = "a_list", N_("Expected a list.")
    BID_PAIR = "bid_pair", N_("A bid is a list of a seat and a bid.")
    TRICK_TOO_LONG = "trick_too_long", N_("A trick has at most four cards.")
    TARGET_NOT_OFFERED = "target_not_offered", N_(
        "rules.target must be one of {known}, or null for a single hand."
    )
    UNKNOWN_KEY = "unknown_key", N_("{field}.{key} is not one of {known}.")
    NOT_TRUE_OR_FALSE = "not_true_or_false", N_("{field} must be true or false.")
    NOT_A_DECISION = "not_a_decision", N_("Not a bid or a play.")
    TIMER_NOT_SECONDS = "timer_not_seconds", N_("timers.{key} is a number of seconds or null.")
    TIMER_RANGE = "timer_range", N_(
        "timers.{key} must be between {low} and {high} seconds."
    )
    CHAT_NOT_TEXT = "chat_not_text", N_("A chat line is text.")
    MUTE_FORM = "mute_form", N_("mute takes a name and muted: true or false.")
    OUTCOMES_UNSENT = "outcomes_unsent", N_(
        "outcomes_from counts hands this connection was never sent."
    )
    UNKNOWN_EVENT = "unknown_event", N_("Unknown event kind: {text}.")
    MOVED_URL = "moved_url", N_("moved names a ws:// or wss:// server.")
    EXPECTED = "expected", N_("Expected {key}.")
    REASON_FORM = "reason_form", N_("A reason is an object with a kind and its facts.")


__all__ = ["Wrong"]
