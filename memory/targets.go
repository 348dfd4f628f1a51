package memory

import (
	"fmt"
	"slices"
	"strings"
)

// Kind is the kind of device a target describes.
type Kind string

// The target kinds.
const (
	KindGPU    Kind = "gpu"
	KindTPU    Kind = "tpu"
	KindCustom Kind = "custom" // --hbm SIZE or a Legate pool without a named device
)

// Target is a memory budget the estimate is compared against: a device preset, an explicit
// --hbm size, or Legate's per-rank pools.
type Target struct {
	// Name is the preset name ("h100"), or "custom" for --hbm.
	Name string
	// Desc is a one-line human description.
	Desc string
	// Kind says whether this is a GPU, a TPU or a custom size.
	Kind Kind
	// Bytes is the memory the software sees on the device (not the marketing figure).
	Bytes int64
	// Fraction is the usable fraction of Bytes (0 means 1): JAX preallocates 75% of a GPU.
	Fraction float64
	// Source says where Bytes comes from.
	Source string
	// Pools holds Legate's per-rank pool sizes when they were given (--sysmem/--fbmem/--zcmem).
	Pools Pools
	// ScopedVMEM is a TPU's default scoped VMEM limit per kernel (what a Pallas kernel may use
	// without vmem_limit_bytes or --xla_tpu_scoped_vmem_limit_kib); 0 for other devices.
	ScopedVMEM int64
	// VMEMSource says where ScopedVMEM comes from.
	VMEMSource string
	// Tile is a TPU's (sublanes, lanes) layout tile for 32-bit data ({0, 0} for other devices);
	// see TPUTile for its source.
	Tile [2]int64
}

// Label names the target for messages: the preset name, or the flag that made it ("--hbm 16GiB").
func (t *Target) Label() string {
	if t.Name == "custom" && t.Desc != "" {
		return t.Desc
	}
	return t.Name
}

// Usable returns the bytes an allocator may hand out: Bytes × Fraction.
func (t *Target) Usable() int64 {
	if t == nil {
		return 0
	}
	if t.Fraction > 0 && t.Fraction < 1 {
		return int64(float64(t.Bytes) * t.Fraction)
	}
	return t.Bytes
}

// JAXGPUFraction is JAX's default XLA_PYTHON_CLIENT_MEM_FRACTION: on GPUs JAX preallocates 75% of
// the device memory at start-up and allocations beyond that pool fail (JAX documentation, "GPU
// memory allocation").
const JAXGPUFraction = 0.75

// presets are the named devices. Bytes is what the software reports, not the datasheet figure:
// for NVIDIA GPUs the "MiB" total nvidia-smi prints, for AMD the VRAM total rocm-smi prints, for
// TPUs the per-chip HBM that JAX's memory_stats()["bytes_limit"] and the tpu_info tool report
// (GiB per chip as Cloud TPU's system-architecture pages list them).
var presets = []Target{
	// nvidia-smi on an H100 80GB HBM3 (SXM5) shows "81559MiB".
	{Name: "h100", Desc: "NVIDIA H100 80GB (SXM5)", Kind: KindGPU, Bytes: 81559 * MiB,
		Source: "nvidia-smi memory.total 81559 MiB"},
	// nvidia-smi on an H100 NVL shows "95830MiB".
	{Name: "h100-nvl", Desc: "NVIDIA H100 NVL 94GB", Kind: KindGPU, Bytes: 95830 * MiB,
		Source: "nvidia-smi memory.total 95830 MiB"},
	// nvidia-smi on an H200 141GB shows "143771MiB".
	{Name: "h200", Desc: "NVIDIA H200 141GB", Kind: KindGPU, Bytes: 143771 * MiB,
		Source: "nvidia-smi memory.total 143771 MiB"},
	// nvidia-smi on an A100-SXM4-40GB shows "40960MiB".
	{Name: "a100-40gb", Desc: "NVIDIA A100 40GB", Kind: KindGPU, Bytes: 40960 * MiB,
		Source: "nvidia-smi memory.total 40960 MiB"},
	// nvidia-smi on an A100-SXM4-80GB shows "81920MiB".
	{Name: "a100-80gb", Desc: "NVIDIA A100 80GB", Kind: KindGPU, Bytes: 81920 * MiB,
		Source: "nvidia-smi memory.total 81920 MiB"},
	// nvidia-smi on a B200 shows "183359MiB".
	{Name: "b200", Desc: "NVIDIA B200 180GB", Kind: KindGPU, Bytes: 183359 * MiB,
		Source: "nvidia-smi memory.total 183359 MiB"},
	// nvidia-smi on an L4 shows "23034MiB".
	{Name: "l4", Desc: "NVIDIA L4 24GB", Kind: KindGPU, Bytes: 23034 * MiB,
		Source: "nvidia-smi memory.total 23034 MiB"},
	// rocm-smi --showmeminfo vram on an MI300X shows a total of 205822885888 bytes.
	{Name: "mi300x", Desc: "AMD Instinct MI300X 192GB", Kind: KindGPU, Bytes: 205822885888,
		Source: "rocm-smi VRAM Total Memory 205822885888 B"},
	// TPU v4: 32 GiB HBM2 per chip.
	{Name: "tpu-v4", Desc: "Google TPU v4 (per chip)", Kind: KindTPU, Bytes: 32 * GiB,
		Source: "JAX bytes_limit / tpu_info: 32 GiB per chip",
		Tile:   TPUTile, ScopedVMEM: 16 * MiB, VMEMSource: "no published figure found: taken as v5e's 16 MiB"},
	// TPU v5e: 16 GiB = 17,179,869,184 B (≈17.2e9) per chip; XProf's OOM message reads
	// "would exceed memory (size=17179869184)".
	{Name: "tpu-v5e", Desc: "Google TPU v5e (per chip)", Kind: KindTPU, Bytes: 16 * GiB,
		Source: "JAX bytes_limit / tpu_info: 17179869184 B per chip",
		Tile:   TPUTile, ScopedVMEM: 16 * MiB, VMEMSource: "Pallas kernels calibrated on \"TPU v5 lite\" fail above ~16 MiB of scoped VMEM (CompileTimeScopedVmemOom \"limit 16.00M\"); OpenXLA's TPU platform info lists 32 MiB for newer libtpu"},
	// TPU v5p: 95 GiB HBM2e per chip.
	{Name: "tpu-v5p", Desc: "Google TPU v5p (per chip)", Kind: KindTPU, Bytes: 95 * GiB,
		Source: "JAX bytes_limit / tpu_info: 95 GiB per chip",
		Tile:   TPUTile, ScopedVMEM: 16 * MiB, VMEMSource: "default scoped VMEM budget observed on v5p: 16 MiB; OpenXLA's TPU platform info lists 32 MiB for newer libtpu"},
	// TPU v6e (Trillium): 32 GiB HBM per chip.
	{Name: "tpu-v6e", Desc: "Google TPU v6e Trillium (per chip)", Kind: KindTPU, Bytes: 32 * GiB,
		Source: "JAX bytes_limit / tpu_info: 32 GiB per chip",
		Tile:   TPUTile, ScopedVMEM: 32 * MiB, VMEMSource: "OpenXLA TPU platform info default_vmem_limit_kib = 32 * 1024 for TPU v6e; CompileTimeScopedVmemOom on v6e reads \"limit 32.00M\""},
}

// Presets returns a copy of the named targets in a stable order.
func Presets() []Target { return slices.Clone(presets) }

// LookupTarget returns the preset called name (case-insensitive; "_" may stand for "-").
func LookupTarget(name string) (Target, error) {
	key := strings.ReplaceAll(strings.ToLower(strings.TrimSpace(name)), "_", "-")
	for _, p := range presets {
		if p.Name == key {
			return p, nil
		}
	}
	names := make([]string, len(presets))
	for i, p := range presets {
		names[i] = p.Name
	}
	return Target{}, fmt.Errorf("look up target %q: unknown (known: %s)", name, strings.Join(names, ", "))
}

// TargetOptions are the values of the target options (targetOptions) that make the target.
// Zero values mean "not given".
type TargetOptions struct {
	Target   string  // preset name
	HBM      string  // explicit device size, e.g. "80GiB"
	Fraction float64 // usable fraction in (0, 1]
	SysMem   string  // Legate --sysmem, MiB
	FBMem    string  // Legate --fbmem, MiB
	ZCMem    string  // Legate --zcmem, MiB
	Legate   string  // a LEGATE_CONFIG-style flag string ("--sysmem 40 --fbmem 1000")
}

// Resolve turns the options into a target, or nil when none was given. Explicit pool flags win
// over the flag string; --hbm overrides a preset's size.
func (o TargetOptions) Resolve() (*Target, error) {
	var t *Target
	if o.Target != "" {
		p, err := LookupTarget(o.Target)
		if err != nil {
			return nil, err
		}
		t = &p
	}
	if o.HBM != "" {
		n, err := ParseSize(o.HBM)
		if err != nil {
			return nil, fmt.Errorf("resolve --hbm: %w", err)
		}
		if n <= 0 {
			return nil, fmt.Errorf("resolve --hbm %q: size must be positive", o.HBM)
		}
		if t == nil {
			t = &Target{Name: "custom", Desc: "--hbm " + o.HBM, Kind: KindCustom, Source: "--hbm"}
		}
		t.Bytes = n
	}
	var pools Pools
	if o.Legate != "" {
		p, err := ParseLegateConfig(o.Legate)
		if err != nil {
			return nil, err
		}
		pools = p
	}
	for _, f := range []struct {
		flag, val string
		dst       *int64
	}{{"--sysmem", o.SysMem, &pools.SysMem}, {"--fbmem", o.FBMem, &pools.FBMem}, {"--zcmem", o.ZCMem, &pools.ZCMem}} {
		if f.val == "" {
			continue
		}
		n, err := ParseMiB(f.val)
		if err != nil {
			return nil, fmt.Errorf("resolve %s: %w", f.flag, err)
		}
		*f.dst = n
	}
	if pools.Any() {
		if t == nil {
			t = &Target{Name: "legate", Desc: "Legate pools " + pools.String(), Kind: KindCustom, Source: "Legate pool flags"}
		}
		t.Pools = pools
	}
	if o.Fraction != 0 {
		if err := CheckFraction(o.Fraction); err != nil {
			return nil, fmt.Errorf("resolve %w", err)
		}
		if t == nil {
			return nil, fmt.Errorf("resolve fraction %g: no target to apply it to (give --target or --hbm)", o.Fraction)
		}
		t.Fraction = o.Fraction
	}
	return t, nil
}
