package memory

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/arraylint/arraylint/arraymodel/npapi"
)

// Byte units.
const (
	KiB int64 = 1 << 10
	MiB int64 = 1 << 20
	GiB int64 = 1 << 30
	TiB int64 = 1 << 40
	PiB int64 = 1 << 50
	EiB int64 = 1 << 60
)

// sizeUnits maps a lowercase unit suffix to its multiplier. Decimal SI prefixes (kB, MB, GB, TB)
// are powers of 1000 as disk and HBM datasheets use them; IEC prefixes (KiB, MiB, GiB, TiB) and the
// bare letters K, M, G, T are powers of 1024 as nvidia-smi and Legate's flags use them.
var sizeUnits = map[string]float64{
	"": 1, "b": 1,
	"kb": 1e3, "mb": 1e6, "gb": 1e9, "tb": 1e12,
	"kib": float64(KiB), "mib": float64(MiB), "gib": float64(GiB), "tib": float64(TiB),
	"k": float64(KiB), "m": float64(MiB), "g": float64(GiB), "t": float64(TiB),
}

// ParseSize parses a byte size such as "80GiB", "80 GiB", "16GB", "17.2e9", "1_000" or "81559MiB".
// A number without a unit is bytes.
func ParseSize(s string) (int64, error) {
	t := strings.TrimSpace(s)
	if t == "" {
		return 0, fmt.Errorf("parse size %q: empty", s)
	}
	i := len(t)
	for i > 0 {
		c := t[i-1]
		if (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') {
			// An exponent's 'e' belongs to the number, not the unit: "17.2e9".
			if (c == 'e' || c == 'E') && i < len(t) && t[i] >= '0' && t[i] <= '9' {
				break
			}
			i--
			continue
		}
		break
	}
	num := strings.ReplaceAll(strings.TrimSpace(t[:i]), "_", "")
	unit := strings.ToLower(strings.TrimSpace(t[i:]))
	mul, ok := sizeUnits[unit]
	if !ok {
		return 0, fmt.Errorf("parse size %q: unknown unit %q (use B, KiB, MiB, GiB, TiB, kB, MB, GB or TB)", s, t[i:])
	}
	f, err := strconv.ParseFloat(num, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, fmt.Errorf("parse size %q: %q is not a number", s, num)
	}
	if f < 0 {
		return 0, fmt.Errorf("parse size %q: negative", s)
	}
	v := f * mul
	if v >= math.MaxInt64 {
		return 0, fmt.Errorf("parse size %q: too large", s)
	}
	return int64(math.Round(v)), nil
}

// ParseMiB parses a pool size given in MiB, as Legate's --sysmem, --fbmem and --zcmem take it.
func ParseMiB(s string) (int64, error) {
	t := strings.ReplaceAll(strings.TrimSpace(s), "_", "")
	f, err := strconv.ParseFloat(t, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, fmt.Errorf("parse MiB %q: not a number", s)
	}
	if f < 0 {
		return 0, fmt.Errorf("parse MiB %q: negative", s)
	}
	if f*float64(MiB) >= math.MaxInt64 {
		return 0, fmt.Errorf("parse MiB %q: too large", s)
	}
	return int64(math.Round(f * float64(MiB))), nil
}

// FormatBytes renders n in the largest binary unit that keeps it at least 1, with one decimal
// ("8.0 MiB", "200.0 GiB", "6.0 PiB", "512 B"); a saturated size (npapi.Saturated, past what
// int64 holds) is "more than 8 EiB".
func FormatBytes(n int64) string {
	if n == npapi.Saturated {
		return "more than 8 EiB"
	}
	if n < 0 {
		if n == math.MinInt64 {
			return "-8.0 EiB"
		}
		return "-" + FormatBytes(-n)
	}
	units := []struct {
		name string
		size int64
	}{{"EiB", EiB}, {"PiB", PiB}, {"TiB", TiB}, {"GiB", GiB}, {"MiB", MiB}, {"KiB", KiB}}
	for _, u := range units {
		if n >= u.size {
			return fmt.Sprintf("%.1f %s", float64(n)/float64(u.size), u.name)
		}
	}
	return fmt.Sprintf("%d B", n)
}

// Commas renders n with thousands separators: 33554400 → "33,554,400" (npapi.Commas, which the
// rules' arrays.Commas is too, so both report counts alike).
func Commas(n int64) string { return npapi.Commas(n) }
