# Test code is no caller: its sizes are fixtures it chooses.
from layers import Attention


def test_attention():
    Attention(100_000)
