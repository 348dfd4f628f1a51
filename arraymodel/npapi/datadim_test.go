package npapi

import "testing"

// TestBroadcastData checks that a broadcast NumPy's rules cannot decide keeps the data provenance
// of a side but no formula (its length equals neither side for certain).
func TestBroadcastData(t *testing.T) {
	data := DataDim(Var("A.shape[0]"))
	for _, c := range []struct {
		a, b, want Dim
	}{
		{data, Dim{}, Dim{Data: true}},
		{Dim{}, data, Dim{Data: true}},
		{data, data, data},       // the same formula on both sides
		{data, Int(1), data},     // a length-1 side broadcasts
		{data, Int(3), Int(3)},   // the known side fixes the length
		{Sym("n"), Dim{}, Dim{}}, // a plain integer is not data
		{Dim{}, Dim{}, Dim{}},
	} {
		got := Broadcast([]Dim{c.a}, []Dim{c.b})
		if len(got) != 1 || got[0] != c.want {
			t.Errorf("Broadcast(%+v, %+v) = %+v, want %+v", c.a, c.b, got, c.want)
		}
	}
	if !Scales([]Dim{Int(3), data}) || Scales([]Dim{Int(3), Sym("n")}) {
		t.Errorf("Scales: a shape with a data dimension must scale, one without must not")
	}
}
