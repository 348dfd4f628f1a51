package npapi

import (
	"os"
	"testing"
)

// TestCoverageDoc checks that docs/api-coverage.md is what `go generate ./arraymodel/npapi`
// writes from the table today.
func TestCoverageDoc(t *testing.T) {
	text, err := os.ReadFile("../../bench/apicount.txt")
	if err != nil {
		t.Fatal(err)
	}
	usage, err := ParseUsage(string(text))
	if err != nil {
		t.Fatal(err)
	}
	if len(usage) < 300 {
		t.Fatalf("bench/apicount.txt has %d names, want the 300 most used", len(usage))
	}
	atext, err := os.ReadFile("../../bench/apibackends.txt")
	if err != nil {
		t.Fatal(err)
	}
	avail, err := ParseAvailability(string(atext))
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../../docs/api-coverage.md")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != CoverageDoc(usage, avail) {
		t.Errorf("docs/api-coverage.md is stale: run `go generate ./arraymodel/npapi`")
	}
}

func TestParseUsage(t *testing.T) {
	u, err := ParseUsage("12 zeros\n3 .sum\n")
	if err != nil || len(u) != 2 || u[0] != (Usage{"zeros", 12}) || u[1] != (Usage{".sum", 3}) {
		t.Errorf("ParseUsage = %v, %v", u, err)
	}
	if _, err := ParseUsage("zeros\n"); err == nil {
		t.Errorf("a line without a count must be an error")
	}
	if !Modelled("zeros") || !Modelled(".sum") || !Modelled("float32") || Modelled("no_such_name") {
		t.Errorf("Modelled is wrong")
	}
	a, err := ParseAvailability("zeros yes yes\ninsert no yes\n")
	if err != nil || a["insert"] != (Availability{false, true}) || missingFrom("insert", a) != "cupy" || missingFrom("block", a) != "?" {
		t.Errorf("ParseAvailability = %v, %v", a, err)
	}
	if _, err := ParseAvailability("zeros yes\n"); err == nil {
		t.Errorf("a line without the jax column must be an error")
	}
}
