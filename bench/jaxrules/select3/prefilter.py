"""Pre-fetch criteria 1-3 of bench/jaxrules/RULE3.md over lists.txt, in each stratum's round-robin
order (criterion 4, the listing pre-check, needs the search tool and is recorded by hand in
fetch.tsv).

    python3 prefilter.py LISTS ISSUES BENCH > order.tsv

Writes one row a candidate: stratum, position, source, repository, verdict ('pass' or
'skipped, N: reason'). ISSUES is the text of every issue (`issues` and `issues show N`); BENCH is
/work/main/bench."""
import glob
import os
import re
import sys

lists_path, issues_path, bench = sys.argv[1:4]
texts = []
for path in glob.glob(bench + "/**/*", recursive=True):
    if os.path.isfile(path):
        try:
            texts.append(open(path, encoding="utf-8", errors="replace").read().lower())
        except OSError:
            pass
texts.append(open(issues_path, encoding="utf-8", errors="replace").read().lower())
alltext = "\n".join(texts)

folders = set()
roots = sorted(r for r in glob.glob("/work/heldout1*") + glob.glob("/work/jaxcorpus*") + ["/work/gt"]
               if not r.startswith("/work/jaxcorpus3"))  # this corpus itself left out
for root in roots:
    for dirpath, dirnames, _ in os.walk(root):
        for d in dirnames:
            if "+" in d:
                folders.add(d.lower())

ORGS = {"google", "google-deepmind", "deepmind", "google-research", "jax-ml", "openxla", "cupy",
        "nv-legate", "nvidia", "dask", "numpy", "scipy"}
NAMES = {"jax", "jaxlib", "flax", "optax", "haiku", "dm-haiku", "equinox", "orbax", "chex", "cupy",
         "xla", "enzyme-jax", "cupynumeric", "cunumeric", "legate", "dask"}
FRAMEWORKS = ("torch", "tensorflow", "keras")
NOT_AFTER = ("b", "on", "rs", "ws", "-rs", "-ws", "_rs", "_ws")


def verdict(repo, source):
    low = repo.lower()
    owner, name = low.split("/", 1)
    if low in alltext:
        return "skipped, 1: owner/name named in bench/ or the issues"
    if low.replace("/", "+") in folders:
        return "skipped, 1: folder in an earlier corpus"
    if owner in ORGS:
        return "skipped, 2: organisation of the machinery or a modelled library"
    if name in NAMES or name.startswith("array-api"):
        return "skipped, 2: the machinery or a modelled library"
    for w in FRAMEWORKS:
        if w in name:
            return "skipped, 2: name holds %r" % w
    if source.startswith("F: "):
        core = source[3:].strip("-_")
        ok = False
        for m in re.finditer(re.escape(core), low):
            if m.start() > 0 and low[m.start() - 1].isalpha():
                continue
            if low[m.end():].startswith(NOT_AFTER):
                continue
            ok = True
        if not ok:
            return "skipped, 3: %s not at a word start" % core
    return "pass"


lists = {"training": [], "scientific": [], "scientific2": []}
for line in open(lists_path, encoding="utf-8"):
    f = line.rstrip("\n").split("\t")
    if len(f) == 3:
        lists[f[0]].append((f[1], f[2].split()))
# the table's order: RULE3.md interleaves S and F sources; lists.txt holds them S first, then F
ORDER = {
    "training": ["S: for epoch in range state, metrics = train_step(state, batch) flax TrainState",
                 "F: jaxrl",
                 "S: equinox filter_jit make_step optim.update training loop",
                 "F: purejax",
                 "S: haiku transform init apply update jit for step in range",
                 "F: jax-rl",
                 "S: PPO jax rollout advantages update epochs jitted flax",
                 "F: -jax",
                 "S: jax.value_and_grad loss_fn jitted update for i in range num_iterations",
                 "F: flax-",
                 "S: pmap replicated train step jax for batch in train_loader",
                 "F: _jax",
                 "S: optax.chain clip_by_global_norm jit train loop checkpoint",
                 "S: DQN jax target network jitted update replay buffer loop",
                 "S: flax nnx Optimizer nnx.jit train_step for batch",
                 "S: jax diffusion model training loop jit sample"],
    "scientific": ["S: jnp.fft.fftn pseudo-spectral Navier-Stokes time stepping jit",
                   "F: jax-",
                   "S: cupy lattice Boltzmann streaming collision step",
                   "F: jax_",
                   "S: jax.lax.fori_loop Runge-Kutta integrate orbit",
                   "F: jnp",
                   "S: cupy cross-correlation seismic stacking",
                   "S: jax.numpy finite element assemble stiffness matrix",
                   "S: cupy ptychography phase retrieval iterations",
                   "S: jax Hamiltonian Monte Carlo leapfrog potential energy gradient",
                   "S: cupy Ising model Metropolis lattice",
                   "S: jax.numpy wave equation propagation grid jit",
                   "S: cupy dedispersion radio telescope beamforming",
                   "S: jax quantum circuit statevector simulation jnp",
                   "S: cupyx.scipy.signal convolve spectrogram GPU",
                   "S: jax.numpy optics Fourier propagation lens simulation"],
}
# the first amendment's lists (stratum scientific2): visited before scientific's rest, in
# lists.txt's order, after every name the original order holds
ORDER["scientific2"] = [q for q, _ in lists["scientific2"]]
seen = set()
for stratum in ("training", "scientific", "scientific2"):
    if not lists[stratum]:
        continue
    have = dict(lists[stratum])
    missing = [q for q in ORDER[stratum] if q not in have]
    if missing or len(have) != len(ORDER[stratum]):
        sys.exit("prefilter: %s: lists.txt and RULE3.md's sources differ: %s" % (stratum, missing))
    qs = [(q, have[q]) for q in ORDER[stratum]]
    order = []
    for i in range(max(len(r) for _, r in qs)):
        for q, repos in qs:
            if i < len(repos):
                order.append((q, repos[i]))
    pos = 0
    for q, repo in order:
        if repo.lower() in seen:
            continue
        seen.add(repo.lower())
        pos += 1
        print("%s\t%d\t%s\t%s\t%s" % (stratum, pos, q, repo, verdict(repo, q)))
