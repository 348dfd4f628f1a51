# Structural pattern matching: every pattern kind, guards, soft keywords as names.
match command.split():
    case [action]:
        pass
    case [action, obj]:
        pass
    case ["go", ("north" | "south") as direction] if direction:
        pass
    case Point(x=0, y=0):
        pass
    case Point(1, y=var) | Point(2, y=var):
        pass
    case {"x": 1, **rest}:
        pass
    case {1: _, "k": [*_, None], True: False}:
        pass
    case [1, 2, *others]:
        pass
    case -1 | 1.5 | 2 + 3j | -4 - 5j | b"bytes" | "s" "t":
        pass
    case a.b.c:
        pass
    case (x, y,):
        pass
    case ():
        pass
    case _:
        pass

match x, y:
    case 1, 2:
        pass

match (yield):
    case str() as s:
        pass
