package memory

import (
	"strings"
	"testing"
)

func TestParseSize(t *testing.T) {
	good := map[string]int64{
		"80GiB": 80 << 30, "80 GiB": 80 << 30, "16GB": 16e9, "17.2e9": 17200000000, "1_000": 1000,
		"81559MiB": 81559 << 20, "512": 512, "1.5KiB": 1536, "2t": 2 << 40, "7b": 7,
	}
	for in, want := range good {
		got, err := ParseSize(in)
		if err != nil || got != want {
			t.Errorf("ParseSize(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "GiB", "12 parsecs", "-1GiB", "1e400", "abc"} {
		if _, err := ParseSize(in); err == nil || !strings.HasPrefix(err.Error(), "parse size") {
			t.Errorf("ParseSize(%q): err = %v, want a parse size error", in, err)
		}
	}
}

func TestParseMiBAndLegateConfig(t *testing.T) {
	if n, err := ParseMiB("40"); err != nil || n != 41943040 {
		t.Errorf("ParseMiB(40) = %d, %v", n, err)
	}
	p, err := ParseLegateConfig("--cpus 1 --gpus 0 --sysmem 40 --fbmem=1000 --zcmem 32")
	if err != nil {
		t.Fatal(err)
	}
	if p.SysMem != 40<<20 || p.FBMem != 1000<<20 || p.ZCMem != 32<<20 {
		t.Errorf("pools = %+v", p)
	}
	if kind, n := p.Primary(); kind != "FBMEM" || n != 1000<<20 {
		t.Errorf("primary = %s %d, want FBMEM (a GPU run)", kind, n)
	}
	for _, bad := range []string{"--sysmem", "--fbmem lots", "--sysmem=-4"} {
		if _, err := ParseLegateConfig(bad); err == nil {
			t.Errorf("ParseLegateConfig(%q) accepted", bad)
		}
	}
}

func TestTargets(t *testing.T) {
	h100, err := LookupTarget("H100")
	if err != nil || h100.Bytes != 81559*MiB {
		t.Errorf("h100 = %+v, %v; want 81,559 MiB as nvidia-smi shows", h100, err)
	}
	v5e, _ := LookupTarget("tpu_v5e")
	if v5e.Bytes != 17179869184 {
		t.Errorf("tpu-v5e = %d, want 17179869184", v5e.Bytes)
	}
	want := []string{"h100", "h100-nvl", "h200", "a100-40gb", "a100-80gb", "b200", "l4", "mi300x",
		"tpu-v4", "tpu-v5e", "tpu-v5p", "tpu-v6e"}
	ps := Presets()
	if len(ps) != len(want) {
		t.Fatalf("%d presets, want %d", len(ps), len(want))
	}
	for i, p := range ps {
		if p.Name != want[i] || p.Bytes <= 0 || p.Source == "" {
			t.Errorf("preset %d = %+v, want %s with bytes and a source", i, p, want[i])
		}
	}
	if _, err := LookupTarget("v100"); err == nil || !strings.Contains(err.Error(), "h100") {
		t.Errorf("unknown target error %v should list the known ones", err)
	}
	tg, err := TargetOptions{Target: "h100", HBM: "40GiB", Fraction: 0.5}.Resolve()
	if err != nil || tg.Bytes != 40<<30 || tg.Usable() != 20<<30 {
		t.Errorf("h100 --hbm 40GiB fraction .5 = %+v, %v", tg, err)
	}
	if tg, err := (TargetOptions{}).Resolve(); tg != nil || err != nil {
		t.Errorf("no options = %v, %v; want nil, nil", tg, err)
	}
	if _, err := (TargetOptions{Fraction: 2, HBM: "1GiB"}).Resolve(); err == nil {
		t.Error("fraction 2 accepted")
	}
	tg, err = TargetOptions{Legate: "--sysmem 40", SysMem: "128"}.Resolve()
	if err != nil || tg.Pools.SysMem != 128<<20 {
		t.Errorf("explicit --sysmem should win over the flag string: %+v, %v", tg, err)
	}
}

func TestFormat(t *testing.T) {
	if got := Commas(33554400); got != "33,554,400" {
		t.Errorf("Commas = %q", got)
	}
	if got := Commas(-1234); got != "-1,234" {
		t.Errorf("Commas(-1234) = %q", got)
	}
	if got := FormatBytes(8388608); got != "8.0 MiB" {
		t.Errorf("FormatBytes = %q", got)
	}
	if got := FormatBytes(512); got != "512 B" {
		t.Errorf("FormatBytes(512) = %q", got)
	}
}

func TestConfigSection(t *testing.T) {
	opts, backend, assume, err := ConfigSection(map[string]any{"target": "h100", "sysmem": int64(40),
		"fraction": 0.5, "backend": "Legate", "assume": map[string]any{"N": int64(7)}})
	if err != nil || opts.Target != "h100" || opts.SysMem != "40" || opts.Fraction != 0.5 || backend != "legate" || assume["N"] != 7 {
		t.Errorf("ConfigSection = %+v %q %v %v", opts, backend, assume, err)
	}
	for _, bad := range []map[string]any{{"targte": "h100"}, {"fraction": "half"}, {"assume": map[string]any{"N": "x"}}, {"hbm": true}} {
		if _, _, _, err := ConfigSection(bad); err == nil {
			t.Errorf("ConfigSection(%v) accepted", bad)
		}
	}
	if got := (TargetOptions{Target: "l4", HBM: "1GiB"}).Overlay(TargetOptions{HBM: "2GiB"}); got.Target != "l4" || got.HBM != "2GiB" {
		t.Errorf("Overlay = %+v", got)
	}
}
