// Package examples holds the test that runs every rule on the example programs in
// testdata/examples (the cuPyNumeric guide's inefficient and efficient Example 1 and the OOM
// guide's programs) and checks their `# want` comments, as analysistest does for one rule.
package examples
