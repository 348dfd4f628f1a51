package imports

import (
	"strings"

	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file defines the detection of JAX's 64-bit mode in a module's source.

// EnablesX64 reports whether mod turns on JAX's 64-bit mode, without which every JAX array is
// at most 32 bits wide (float64 requests become float32, int64 become int32): a call
// `….config.update("jax_enable_x64", True)` (or 1, "1", "true"), an assignment or setdefault of
// `os.environ["JAX_ENABLE_X64"]` to a true value, or a `jax.experimental.enable_x64()` context.
// The environment a program will run under is not visible in its source; `--assume
// JAX_ENABLE_X64=1` style configuration is the user's way to say it.
func EnablesX64(mod *ast.Module) bool {
	if mod == nil {
		return false
	}
	found := false
	ast.Inspect(mod, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.Call:
			found = x64Call(n)
		case *ast.Assign:
			found = x64Assign(n)
		}
		return !found
	})
	return found
}

// x64Assign recognises os.environ["JAX_ENABLE_X64"] = a true value.
func x64Assign(n *ast.Assign) bool {
	for _, t := range n.Targets {
		if sub, ok := t.(*ast.Subscript); ok && isEnvironX64(sub.Value, sub.Slice) && truthy(n.Value) {
			return true
		}
	}
	return false
}

// x64Call recognises config.update("jax_enable_x64", true), os.environ.setdefault(
// "JAX_ENABLE_X64", "1") and enable_x64().
func x64Call(c *ast.Call) bool {
	attr, ok := c.Func.(*ast.Attribute)
	if !ok {
		if n, ok := c.Func.(*ast.Name); ok && n.ID == "enable_x64" {
			return len(c.Args) == 0 || truthy(c.Args[0])
		}
		return false
	}
	switch attr.Attr {
	case "update":
		return len(c.Args) == 2 && strConst(c.Args[0]) == "jax_enable_x64" && truthy(c.Args[1])
	case "setdefault", "__setitem__":
		return len(c.Args) == 2 && isEnvironX64(attr.Value, c.Args[0]) && truthy(c.Args[1])
	case "enable_x64":
		return len(c.Args) == 0 || truthy(c.Args[0])
	}
	return false
}

// isEnvironX64 reports whether obj[key] is os.environ["JAX_ENABLE_X64"].
func isEnvironX64(obj, key ast.Expr) bool {
	if strConst(key) != "JAX_ENABLE_X64" {
		return false
	}
	switch o := obj.(type) {
	case *ast.Attribute:
		return o.Attr == "environ"
	case *ast.Name:
		return o.ID == "environ"
	}
	return false
}

// strConst returns the value of a string constant, or "".
func strConst(e ast.Expr) string {
	if c, ok := e.(*ast.Constant); ok && c.Value.Kind == ast.ConstStr {
		return c.Value.Str
	}
	return ""
}

// truthy reports whether e is a constant that turns the flag on: True, a non-zero int, or one of
// the strings JAX's flag parser takes as true.
func truthy(e ast.Expr) bool {
	c, ok := e.(*ast.Constant)
	if !ok {
		return false
	}
	switch v := c.Value; v.Kind {
	case ast.ConstBool:
		return v.Bool
	case ast.ConstInt:
		return v.Int != 0 || v.Big != nil
	case ast.ConstStr:
		switch strings.ToLower(v.Str) {
		case "1", "true", "t", "yes", "y", "on":
			return true
		}
	}
	return false
}
