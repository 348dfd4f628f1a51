// Command genlist writes rules/all/all.go from the rule packages under rules/.
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/arraylint/arraylint/rules/all/internal/gen"
)

func main() {
	root, err := gen.RepoRoot()
	if err == nil {
		var pkgs []string
		if pkgs, err = gen.RulePackages(root); err == nil {
			var src []byte
			if src, err = gen.AllGo(pkgs); err == nil {
				err = os.WriteFile(filepath.Join(root, "rules", "all", "all.go"), src, 0o644)
			}
		}
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "genlist: %v\n", err)
		os.Exit(1)
	}
}
