package npapi

// This file holds the rows of the functions that return no array: dtype and type queries, shapes,
// contexts (their shape rule, ShapeNoArray, is sharedrules.go's).

// queriesRows are the rows of the functions that return no array.
var queriesRows = []*Func{
	row("can_cast", Other, ShapeNoArray, DTSame),
	row("dtype", Other, ShapeNoArray, DTSame),
	row("errstate", Other, ShapeNoArray, DTSame),
	row("finfo", Other, ShapeNoArray, DTSame),
	row("get_include", Other, ShapeNoArray, DTSame),
	row("iinfo", Other, ShapeNoArray, DTSame),
	row("iscomplexobj", Other, ShapeNoArray, DTSame),
	row("isrealobj", Other, ShapeNoArray, DTSame),
	row("isscalar", Other, ShapeNoArray, DTSame),
	row("issubdtype", Other, ShapeNoArray, DTSame),
	row("iterable", Other, ShapeNoArray, DTSame),
	row("may_share_memory", Other, ShapeNoArray, DTSame),
	row("min_scalar_type", Other, ShapeNoArray, DTSame),
	row("ndim", Other, ShapeNoArray, DTSame),
	row("promote_types", Other, ShapeNoArray, DTSame),
	row("result_type", Other, ShapeNoArray, DTSame),
	row("shape", Other, ShapeNoArray, DTSame),
	row("shares_memory", Other, ShapeNoArray, DTSame),
	row("size", Other, ShapeNoArray, DTSame),
}
