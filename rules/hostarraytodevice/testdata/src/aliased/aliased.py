import cupy as xp
import numpy as onp
from numpy import zeros as host_zeros
import torch as th

a = xp.asarray(onp.ones(10))  # want "`onp.ones\\(10\\)` is built in host memory"
b = xp.asarray(host_zeros((3, 3)))  # want "`host_zeros\\(\\(3, 3\\)\\)` is built in host memory"
c = th.zeros(5).cuda()  # want "pass `device=\"cuda\"`"
