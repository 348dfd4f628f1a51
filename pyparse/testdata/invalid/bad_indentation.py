def f():
    x = 1
      y = 2
    return x


def g():
        a = 1
    b = 2


def h():
return 3

k = 4
