// Package protocol holds the subset of Language Server Protocol 3.17 types that arraylint's
// server speaks, written by hand as small typed structs (no map[string]any). Each type links to
// its section of the specification:
// https://microsoft.github.io/language-server-protocol/specifications/lsp/3.17/specification/
//
// Fields follow the specification's names and optionality: optional fields are pointers or
// omitempty, and nullable fields that must be written as null are pointers without omitempty.
package protocol
