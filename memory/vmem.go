package memory

import "strings"

// This file defines the TPU scoped-VMEM facts Pallas rules read from the target table.

// ScopedVMEMLimit returns the default scoped VMEM limit a Pallas kernel gets on target t and
// the presets it comes from. For a target without one (a GPU, a custom size, none), it returns
// the smallest default among the TPU presets, with every preset that has it ("tpu-v4, tpu-v5e"),
// so a kernel is checked against each generation it may run on.
func ScopedVMEMLimit(t *Target) (int64, string) {
	if t != nil && t.ScopedVMEM > 0 {
		return t.ScopedVMEM, t.Name
	}
	var best int64
	var names []string
	for _, p := range presets {
		switch {
		case p.ScopedVMEM <= 0:
		case best == 0 || p.ScopedVMEM < best:
			best, names = p.ScopedVMEM, []string{p.Name}
		case p.ScopedVMEM == best:
			names = append(names, p.Name)
		}
	}
	return best, strings.Join(names, ", ")
}
