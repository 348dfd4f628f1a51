x = 1 +
del f()
(a, b) += 1
f(x for x in y, 1)
def g(a=1, b):
    pass
1 = x
h(**k, *a)
import a.b as
from . import (a, b
ok = True
