# kind: straight-line
# Index grids: np.mgrid's one (ndim, n1, n2, ...) array, built through a temporary row; its
# unpacking into views; a complex step as a number of points; np.ogrid's broadcastable arrays;
# np.ndindex, which makes no array.
import numpy as np

xn, yn = 1000, 833
Xi, Yi = np.mgrid[0:xn, 0:yn]
g = np.mgrid[0:1:200j, -1:1:150j]
x, y = np.ogrid[0:1000, 0:833]
h = np.mgrid[0:10:0.5]
for idx in np.ndindex(3, 4):
    pass
r = x * y
