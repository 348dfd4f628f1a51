package all

import (
	"slices"
	"strings"

	"github.com/arraylint/arraylint/analyzer"
)

// sorted returns rules ordered by code.
func sorted(rules []*analyzer.Rule) []*analyzer.Rule {
	slices.SortFunc(rules, func(a, b *analyzer.Rule) int { return strings.Compare(a.Spec.Code, b.Spec.Code) })
	return rules
}
