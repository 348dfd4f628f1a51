package npapi

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// tableCopies are the places outside this package that spell a set of two or more table
// function names (a map literal's keys, a slice literal or a switch case), each with why it is
// not a copy of what a row says. A key is the package directory, the top-level declaration and
// the names in source order. A new set fails TestNoTableCopies: move the fact into the rows and
// ask the table (npapi.Lookup, Method, GeneratorMethod), or add it here with its reason.
var tableCopies = map[string]string{
	// Python's own functions and ndarray attributes that share a name with a row.
	"arraymodel/absint callBuiltin [min max]":                                                                            "Python's builtins",
	"arraymodel/absint noArrayBuiltins [any all round min max sum abs]":                                                  "Python's builtins",
	"arraymodel/absint elementwiseCallers [min max]":                                                                     "Python's builtins",
	"arraymodel/absint callStdlib [gcd lcm]":                                                                             "Python's math module",
	"arraymodel/absint mathFloat [sqrt exp log log2 log10 sin cos tan fabs]":                                             "Python's math module",
	"arraymodel/absint mathInt [ceil floor trunc]":                                                                       "Python's math module",
	"arraymodel/absint operatorFuncs [add mod matmul]":                                                                   "Python's operator module",
	"arraymodel/absint arrayAttrs [shape ndim dtype reshape astype ravel flatten transpose swapaxes]":                    "attribute names that show a value is an array, not what the calls do",
	"arraymodel/absint evalAttr [real imag]":                                                                             "the x.real and x.imag attributes",
	"arraymodel/absint sparseAttr [indices real imag]":                                                                   "attributes of a scipy.sparse matrix, not NumPy calls",
	"arraymodel/arrays escapes [shape dtype size ndim]":                                                                  "ndarray attributes",
	"arraymodel/imports arrayAttrs [shape dtype size ndim real imag]":                                                    "ndarray attributes",
	"arraymodel/jaxtrace staticAttrs [shape ndim dtype size]":                                                            "array attributes JAX knows at trace time",
	"rules/tracedshape sized [nonzero where argwhere flatnonzero unique extract compress setdiff1d union1d intersect1d]": "the jax.numpy functions that take size=, a JAX signature fact the table does not model",
	"rules/chunkedsliceloop expr [real imag]":                                                                            "the x.real and x.imag attributes",
	"notebook automagics [less load]":                                                                                    "IPython magics",
	// The interpreter's handling of calls the rows leave to their Kind (ShapeNone).
	"arraymodel/absint arrayMethod [copy flatten]":                                     "copies: the interpreter allocates them (no shape rule)",
	"arraymodel/absint arrayMethod [tolist item]":                                      "Python objects, not arrays",
	"arraymodel/absint callAPI [vdot inner]":                                           "products without a shape rule",
	"arraymodel/absint convert [fromfile frombuffer loadtxt genfromtxt load fromiter]": "conversions from data known only at run time",
	"arraymodel/absint convert [asarray asanyarray]":                                   "conversions that never copy an array of the right dtype",
	"arraymodel/absint convert [array asarray asanyarray]":                             "conversions of nested lists",
	// Rules' policies: which functions a rule reports or rewrites, and backends' deviations.
	"rules/hostarraytodevice creators [zeros ones empty full arange linspace eye identity]":                                                                           "the constructors the fix can move to a device library",
	"rules/hostarraytodevice random [random.rand random.randn random.random random.uniform random.normal random.randint random.random_sample]":                        "the host samplers the rule reports",
	"rules/hostarraytodevice torchCreators [zeros ones empty full arange linspace eye rand randn]":                                                                    "torch's constructors (not NumPy's rows)",
	"rules/hostarraytodevice movers [asarray array]":                                                                                                                  "the device conversions the rule looks for",
	"rules/hostsyncloop sinks [round abs min max sum append log item tolist]":                                                                                         "Python's builtins and logging/list methods that only log or accumulate a synced value",
	"rules/hostsyncloop keeps [append insert add]":                                                                                                                    "Python's list, deque and set methods that keep a synced value for later",
	"rules/hostsyncloop passes [round abs min max sum item tolist]":                                                                                                   "Python's builtins and methods whose result carries a synced value on to what uses it",
	"rules/astypecopy cupyDraws [random.random random.random_sample random.rand random.randn random.uniform random.normal random.standard_normal random.exponential]": "CuPy's dtype= on these draws (the table is backend-neutral)",
	"rules/astypecopy direct [random standard_normal standard_exponential standard_gamma]":                                                                            "the Generator methods the fix can give dtype=",
	"rules/astypecopy floatDraw [random standard_normal]":                                                                                                             "the Generator methods the fix can give dtype=",
	"rules/astypecopy generatorMethod [random.random random.random_sample random.ranf random.sample random.rand random.standard_normal random.randn]":                 "the legacy-to-Generator rewrite of the fix",
	// A copy still to replace by the rows' dtype rule (DTBool ufuncs).
	"rules/nonzeroscatter syntacticallyBool [isnan isinf isfinite signbit logical_and logical_or logical_xor logical_not greater greater_equal less less_equal equal not_equal]": "copy of the DTBool ufuncs, kept until the rule's findings may change",
}

// TestNoTableCopies checks that no Go file outside this package (tests and testdata aside)
// names a set of table functions that tableCopies does not explain: what a function does is its
// row's, and other packages ask the table.
func TestNoTableCopies(t *testing.T) {
	names := map[string]bool{}
	for _, tb := range [][]*Func{Funcs(), Methods(), GeneratorMethods()} {
		for _, f := range tb {
			names[f.Name] = true
		}
	}
	root := filepath.Join("..", "..")
	here, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	fset := token.NewFileSet()
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			abs, _ := filepath.Abs(p)
			if p != root && (abs == here || d.Name() == "testdata" || d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, filepath.Dir(p))
		for _, decl := range f.Decls {
			for _, set := range tableNameSets(decl, names) {
				key := filepath.ToSlash(rel) + " " + declName(decl) + " [" + strings.Join(set, " ") + "]"
				seen[key] = true
				if _, ok := tableCopies[key]; !ok {
					t.Errorf("%s: %s names table functions %v: ask the table, or explain it in tableCopies",
						fset.Position(decl.Pos()), declName(decl), set)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for key := range tableCopies {
		if !seen[key] {
			t.Errorf("tableCopies: %s is gone; remove it", key)
		}
	}
}

// tableNameSets returns the sets of two or more table names a declaration spells as the
// elements or keys of a composite literal or as the values of a switch case.
func tableNameSets(decl ast.Decl, names map[string]bool) [][]string {
	var sets [][]string
	ast.Inspect(decl, func(n ast.Node) bool {
		var elts []ast.Expr
		switch n := n.(type) {
		case *ast.CompositeLit:
			for _, e := range n.Elts {
				if kv, ok := e.(*ast.KeyValueExpr); ok {
					e = kv.Key
				}
				elts = append(elts, e)
			}
		case *ast.CaseClause:
			elts = n.List
		default:
			return true
		}
		var set []string
		for _, e := range elts {
			if b, ok := e.(*ast.BasicLit); ok && b.Kind == token.STRING {
				if s, err := strconv.Unquote(b.Value); err == nil && names[s] && !slices.Contains(set, s) {
					set = append(set, s)
				}
			}
		}
		if len(set) >= 2 {
			sets = append(sets, set)
		}
		return true
	})
	return sets
}

// declName is the name of a top-level function, method, variable, constant or type.
func declName(decl ast.Decl) string {
	switch d := decl.(type) {
	case *ast.FuncDecl:
		return d.Name.Name
	case *ast.GenDecl:
		for _, s := range d.Specs {
			switch s := s.(type) {
			case *ast.ValueSpec:
				return s.Names[0].Name
			case *ast.TypeSpec:
				return s.Name.Name
			}
		}
	}
	return ""
}
