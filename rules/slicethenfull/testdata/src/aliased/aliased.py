import cupynumeric as cn
from cupynumeric import zeros as z0

b = z0((1 << 20,))
b[1:-1] = 1.0  # want "`b` is touched through a slice here and whole at line 6"
c = cn.add(b, 2)
