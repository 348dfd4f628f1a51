# The cuPyNumeric OOM guide's example ("A Few Examples For Applying Different Mitigations"):
# run with `legate --cpus 1 --gpus 0 --sysmem 40` it fails at `d = c + 3`.
import cupynumeric as np

# allocation site, not instantiated yet
a = np.ones((1024 * 1024 - 2,))
# allocation site, not instantiated yet
b = np.zeros((1024 * 1024,))
# use only a slice of b; causes b#1
b[1:-1] = a  # want "`b` is touched through a slice here and whole at line [0-9]+: Legate holds two instances"
# use full b; causes instance b#2
c = b + 2  # want "`b \\+ 2` allocates 8,388,608 bytes while `b` is never used again; reuse `b`"
# will fail
d = c + 3  # want "`c \\+ 3` allocates 8,388,608 bytes while `c` is never used again; reuse `c`"
