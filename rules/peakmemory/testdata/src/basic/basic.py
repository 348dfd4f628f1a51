# arraylint: target --backend legate --sysmem 40
import cupynumeric as np

a = np.ones((1024 * 1024 - 2,))
b = np.zeros((1024 * 1024,))
b[1:-1] = a
c = b + 2
d = c + 3  # want `allocating 8.0 MiB here exceeds SYSTEM_MEM \(--sysmem 40\): 32.0 MiB of 40.0 MiB already held`
