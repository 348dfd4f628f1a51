package npapi

// This file defines the data provenance of dimensions: which lengths scale with the input the
// code is given (Dim.Data), as the size policy of the memory and speed rules reads them.

// DataDim returns a dimension that comes from the input data, equal to formula (nil when
// it has none, as for the length of an unknown expression).
func DataDim(formula *Poly) Dim { return Dim{Sym: formula, Data: true} }

// Scales reports whether a shape has a dimension that comes from the input data.
func Scales(s []Dim) bool {
	for _, d := range s {
		if d.Data {
			return true
		}
	}
	return false
}

// broadcastData is the broadcast of two dimensions NumPy's rules cannot decide statically: when
// one comes from the data, the result is at least that long (the other is 1 or equal to it, or
// it is itself 1 and the result is the other), so the result still scales with the data. Its
// length is not known to equal either side's, so it keeps no formula.
func broadcastData(x, y Dim) Dim {
	if (x.Data && !y.Known) || (y.Data && !x.Known) {
		return Dim{Data: true}
	}
	return Dim{}
}

// rangeData is the length of arange(start, stop, step) when only its provenance is known: it
// scales with the data when stop does, start does not and the step is a known constant.
func rangeData(start, stop, step Arg) Dim {
	if stop.Data && !start.Data && step.Kind == ArgScalar && step.Known && step.N > 0 {
		return Dim{Data: true}
	}
	return Dim{}
}

// ValueSized reports whether a row's results have a size the argument's values decide (unique,
// bincount, setdiff1d, compress…): what it gives for a 1-D integer array of unknown length. Such a
// result counts distinct values or bins, so it does not scale with its input's extent.
func (f *Func) ValueSized() bool {
	r, ok := Apply(f, &Call{Args: []Arg{{Kind: ArgArray, Shape: []Dim{{}}, DType: Int64}}})
	if !ok {
		return false
	}
	for _, o := range r.Outs {
		if o.Bound != 0 {
			return true
		}
	}
	return false
}
