# arraylint: target --backend legate --sysmem 40
import cupynumeric as np

a = np.ones((1024 * 1024 - 2,))
b = np.zeros((1024 * 1024,))
b[1:-1] = a
a = None
np.add(b, 2, out=b)
np.add(b, 3, out=b)
