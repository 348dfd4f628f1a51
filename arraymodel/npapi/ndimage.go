package npapi

// This file holds the rows of scipy.ndimage, and their shape rules. These are the filters that keep
// their input's shape, where the result and its temporaries follow from the arguments alone
// (measured under SciPy 1.10 with tracemalloc); the other functions of the module are not rows: a
// call to one is reported as unknown. Separable filters filter axis by axis into the one output;
// the others write it once.

// ndimageRows are the rows of scipy.ndimage.
var ndimageRows = []*Func{
	row("scipy.ndimage.affine_transform", Other, ShapeAffine, DTSame, argN(4)),
	row("scipy.ndimage.binary_closing", Other, ShapeMorph, DTBool, argN(3), temps(Temp{OfInput, 1, itemBool})),
	row("scipy.ndimage.binary_dilation", Other, ShapeMorph, DTBool, argN(4)),
	// Binary morphology with one iteration: a bool array of the input's shape; opening and
	// closing keep the first pass's bool array while the second is made.
	row("scipy.ndimage.binary_erosion", Other, ShapeMorph, DTBool, argN(4)),
	row("scipy.ndimage.binary_opening", Other, ShapeMorph, DTBool, argN(3), temps(Temp{OfInput, 1, itemBool})),
	row("scipy.ndimage.black_tophat", Other, ShapeFilter, DTSame, argN(4), temps(Temp{OfInput, 1, itemOwn})),
	row("scipy.ndimage.convolve", Other, ShapeFilter, DTSame, argN(2)),
	row("scipy.ndimage.convolve1d", Other, ShapeFilter, DTSame, argN(3)),
	row("scipy.ndimage.correlate", Other, ShapeFilter, DTSame, argN(2)),
	row("scipy.ndimage.correlate1d", Other, ShapeFilter, DTSame, argN(3)),
	row("scipy.ndimage.distance_transform_edt", Other, ShapeEDT, DTFixed, fixed(Float64)),
	row("scipy.ndimage.gaussian_filter", Other, ShapeFilter, DTSame, argN(3)),
	row("scipy.ndimage.gaussian_filter1d", Other, ShapeFilter, DTSame, argN(4)),
	row("scipy.ndimage.gaussian_gradient_magnitude", Other, ShapeFilterSum, DTSame, argN(2)),
	row("scipy.ndimage.gaussian_laplace", Other, ShapeFilterSum, DTSame, argN(2)),
	row("scipy.ndimage.generate_binary_structure", Other, ShapeBinStruct, DTBool),
	row("scipy.ndimage.generic_filter", Other, ShapeFilter, DTSame, argN(4)),
	row("scipy.ndimage.grey_closing", Other, ShapeFilter, DTSame, argN(4), temps(Temp{OfInput, 1, itemOwn})),
	row("scipy.ndimage.grey_dilation", Other, ShapeFilter, DTSame, argN(4)),
	row("scipy.ndimage.grey_erosion", Other, ShapeFilter, DTSame, argN(4)),
	// grey opening and closing keep the first filter's result while the second is made; the
	// top-hats then subtract into it; the gradient keeps a dilation and an erosion.
	row("scipy.ndimage.grey_opening", Other, ShapeFilter, DTSame, argN(4), temps(Temp{OfInput, 1, itemOwn})),
	// label: int32 labels (intp from 2³¹-2 elements on) and their count.
	row("scipy.ndimage.label", Other, ShapeLabel, DTSame),
	// The sums over axes make one temporary per axis after the first (tmp = derivative(...);
	// output += tmp): two alive at once from the third axis on.
	row("scipy.ndimage.laplace", Other, ShapeFilterSum, DTSame, argN(1)),
	row("scipy.ndimage.map_coordinates", Other, ShapeMapCoords, DTSame, argN(2)),
	row("scipy.ndimage.maximum_filter", Other, ShapeFilter, DTSame, argN(3)),
	row("scipy.ndimage.maximum_filter1d", Other, ShapeFilter, DTSame, argN(3)),
	row("scipy.ndimage.median_filter", Other, ShapeFilter, DTSame, argN(3)),
	row("scipy.ndimage.minimum_filter", Other, ShapeFilter, DTSame, argN(3)),
	row("scipy.ndimage.minimum_filter1d", Other, ShapeFilter, DTSame, argN(3)),
	row("scipy.ndimage.morphological_gradient", Other, ShapeFilter, DTSame, argN(4), temps(Temp{OfInput, 2, itemOwn})),
	row("scipy.ndimage.percentile_filter", Other, ShapeFilter, DTSame, argN(4)),
	row("scipy.ndimage.prewitt", Other, ShapeFilter, DTSame, argN(2)),
	row("scipy.ndimage.rank_filter", Other, ShapeFilter, DTSame, argN(4)),
	row("scipy.ndimage.rotate", Other, ShapeRotate, DTSame, argN(4)),
	row("scipy.ndimage.shift", Other, ShapeShift, DTSame, argN(2)),
	row("scipy.ndimage.sobel", Other, ShapeFilter, DTSame, argN(2)),
	row("scipy.ndimage.uniform_filter", Other, ShapeFilter, DTSame, argN(2)),
	row("scipy.ndimage.uniform_filter1d", Other, ShapeFilter, DTSame, argN(3)),
	row("scipy.ndimage.white_tophat", Other, ShapeFilter, DTSame, argN(4), temps(Temp{OfInput, 1, itemOwn})),
	// Spline interpolation of order > 1 with prefilter=True filters a float64 copy first.
	row("scipy.ndimage.zoom", Other, ShapeZoom, DTSame, argN(2)),
}

// ndimageShapes are the shape rules of scipy.ndimage.
var ndimageShapes = shapeRules{
	ShapeAffine:    filterRule,
	ShapeBinStruct: plain(binaryStructure),
	ShapeEDT:       filterRule,
	ShapeFilter:    filterRule,
	ShapeFilterSum: filterRule,
	ShapeLabel:     filterRule,
	ShapeMapCoords: filterRule,
	ShapeMorph:     filterRule,
	ShapeRotate:    filterRule,
	ShapeShift:     filterRule,
	ShapeZoom:      filterRule,
}

// binaryStructure gives scipy.ndimage.generate_binary_structure(rank, connectivity): (3,) * rank.
func binaryStructure(c *Call) (Result, bool) {
	rank, ok := intArg(c.Arg(0, "rank"), -1)
	if !ok || rank < 0 || rank > 32 {
		return Result{}, false
	}
	out := make([]Dim, rank)
	for i := range out {
		out[i] = Int(3)
	}
	return one(out), true
}

// filterRule applies the rules of the scipy.ndimage rows that take one input image.
func filterRule(f *Func, c *Call) (Result, bool) {
	in := c.Arg(0, "input")
	if in.Kind == ArgMissing {
		in = c.Arg(0, "volume")
	}
	if in.Kind != ArgArray || in.Shape == nil || !in.DType.Known() || in.DType.Kind() == 'c' {
		return Result{}, false // complex inputs are filtered as two real arrays
	}
	o := Out{Shape: clone(in.Shape)}
	if f.Rule == ShapeLabel {
		size, sized := Size(in.Shape)
		if out := c.Arg(2, "output"); !sized || (out.Kind != ArgMissing && out.Kind != ArgNone) || !only(c, "structure") {
			return Result{}, false // an output array: only the count is returned
		}
		o.DType, o.fixed = Int32, true
		if size >= 1<<31-2 {
			o.DType = Int64
		}
		return Result{Outs: []Out{o, {Scalar: true, DType: Int64, fixed: true}}, Tuple: true}, true
	}
	if f.Rule != ShapeMorph {
		// output=None: the input's dtype; a dtype: that dtype; an array: not modelled
		switch out := c.Arg(f.ArgN, "output"); out.Kind {
		case ArgMissing, ArgNone:
		case ArgDType:
			o.DType, o.fixed = out.DType, true
		case ArgStr:
			dt, ok := ParseDType(out.Str)
			if !ok {
				return Result{}, false
			}
			o.DType, o.fixed = dt, true
		default:
			return Result{}, false
		}
	}
	r := Result{Outs: []Out{o}}
	size, sized := Size(in.Shape)
	item := in.DType.ItemSize()
	if o.fixed {
		item = o.DType.ItemSize()
	}
	switch f.Rule {
	case ShapeFilterSum:
		if nd := len(in.Shape); sized && nd >= 2 {
			r.TempBytes = int64(min(nd-1, 2)) * size * item
		}
	case ShapeMorph:
		it, ok := intArg(c.Arg(2, "iterations"), 1)
		if out := c.Arg(f.ArgN, "output"); !ok || it != 1 || (out.Kind != ArgMissing && out.Kind != ArgNone) {
			return Result{}, false // more iterations copy the input and the output
		}
	case ShapeZoom, ShapeShift, ShapeMapCoords, ShapeRotate, ShapeAffine:
		// order, mode and prefilter follow output (cval between mode and prefilter)
		order, ok1 := intArg(c.Arg(f.ArgN+1, "order"), 3)
		pre, ok2 := boolArg(c.Arg(f.ArgN+4, "prefilter"), true)
		mode, ok3 := strArg(c.Arg(f.ArgN+2, "mode"), "constant")
		if !ok1 || !ok2 || !ok3 {
			return Result{}, false
		}
		if order > 1 && pre {
			if mode == "nearest" || mode == "grid-constant" {
				return Result{}, false // the input is padded before it is filtered
			}
			if sized {
				r.TempBytes = NBytes(size, Float64) // spline_filter(..., output=float64)
			}
		}
		switch f.Rule {
		case ShapeZoom:
			return zoom(r, in.Shape, c.Arg(1, "zoom"))
		case ShapeMapCoords:
			co := c.Arg(1, "coordinates")
			if co.Kind != ArgArray || len(co.Shape) < 1 {
				return Result{}, false
			}
			r.Outs[0].Shape = clone(co.Shape[1:])
		case ShapeRotate:
			// 2-D only (more dimensions are rotated plane by plane, each prefiltered alone);
			// reshape=True sizes the output from the angle's sine and cosine: unknown here.
			re, ok := boolArg(c.Arg(3, "reshape"), true)
			if !ok || len(in.Shape) != 2 {
				return Result{}, false
			}
			if re {
				r.Outs[0].Shape = []Dim{{}, {}}
			}
		case ShapeAffine:
			if sh := c.Arg(3, "output_shape"); sh.Kind != ArgMissing && sh.Kind != ArgNone {
				out, ok := shapeArg(sh)
				if !ok {
					return Result{}, false
				}
				r.Outs[0].Shape = out
			}
		}
	case ShapeEDT:
		// distance_transform_edt: an int8 copy of the input's truth, the int32 feature transform
		// (rank × the input), then ft - indices (int32) made float64: at most 1 + 16·rank bytes
		// per element alive (21 in 1-D, where summing and the square root come last).
		for k, i := range map[string]int{"return_indices": 3, "distances": 4, "indices": 5} {
			if v := c.Arg(i, k); v.Kind != ArgMissing && v.Kind != ArgNone && !(k == "return_indices" && v.Kind == ArgScalar && v.Known && v.N == 0) {
				return Result{}, false
			}
		}
		if d, ok := boolArg(c.Arg(2, "return_distances"), true); !ok || !d {
			return Result{}, false
		}
		r.Outs[0].DType, r.Outs[0].fixed = Float64, true
		if sized {
			d := int64(len(in.Shape))
			r.TempBytes = (max(1+16*d, 21) - 8) * size
		}
	}
	return r, true
}

// zoom sets r's shape to round(dim × zoom) per dimension for integer zooms (one, or one per
// dimension); a float zoom gives unknown dimensions (its value is not an argument the table sees).
func zoom(r Result, s []Dim, z Arg) (Result, bool) {
	out := make([]Dim, len(s))
	factor := func(a Arg, i int) {
		if a.Kind == ArgScalar && a.Known && a.DType.IsInteger() && s[i].Known {
			out[i] = Int(s[i].N * a.N)
		}
	}
	switch z.Kind {
	case ArgScalar:
		for i := range s {
			factor(z, i)
		}
	case ArgSeq:
		if len(z.Elems) != len(s) {
			return Result{}, false
		}
		for i, e := range z.Elems {
			factor(e, i)
		}
	default:
		return Result{}, false
	}
	r.Outs[0].Shape = out
	return r, true
}
