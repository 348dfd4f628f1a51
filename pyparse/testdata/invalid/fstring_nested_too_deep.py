# CPython 3.12+: "f-string: expressions nested too deeply" (format specs nest at most two levels).
ok = f"{x:{y:{z}}}"
c = f"{x:{y:{z:{w}}}}"
after = 1
