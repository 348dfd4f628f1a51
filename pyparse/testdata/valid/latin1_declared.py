# -*- coding: latin-1 -*-
# A PEP 263 latin-1 file: ranges index the UTF-8 re-encoding, as CPython's columns do.
s = "été"  # café
té = s
