// Package all is the registry of every arraylint rule: the tool's own rules (AL900–AL903) and one
// package per rule under rules/. all.go is generated; run `go generate ./rules/all` after adding
// a rule package (a directory under rules/ that declares `var Rule`), which also regenerates
// docs/rules.md and docs/rules/<CODE>.md.
package all

//go:generate go run ./internal/genlist
//go:generate go run ./internal/gendocs
