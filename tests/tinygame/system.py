"""The Tiny system of ``docs/examples/tinygame`` under the name the tests import it by."""
from rulestack_tiny.system import RESPONSES, TinyGame, draw, m_damage, m_discard_from_hand, m_draw  # noqa: F401
