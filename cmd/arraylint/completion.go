package main

// This file defines `arraylint completion SHELL`: completion scripts for bash, zsh and fish,
// generated from the registered commands and their flags, so they never go stale.

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
)

func init() {
	register(&command{Name: "completion", Usage: "completion bash|zsh|fish", Summary: "print a shell completion script", Run: runCompletion})
}

// flagLineRE matches a flag in PrintDefaults output: "  -name" or "  -name placeholder".
var flagLineRE = regexp.MustCompile(`(?m)^  -([a-z][a-z0-9-]*)`)

// commandFlags returns the flags of command name, read from its -h output (every command prints
// its flags with PrintDefaults), sorted.
func commandFlags(name string) []string {
	var out bytes.Buffer
	c := commands[name]
	if c == nil || name == "completion" {
		return nil
	}
	e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: io.Discard, getenv: func(string) string { return "" }}
	c.Run(context.Background(), e, []string{"-h"})
	var flags []string
	for _, m := range flagLineRE.FindAllStringSubmatch(out.String(), -1) {
		flags = append(flags, "--"+m[1])
	}
	slices.Sort(flags)
	return slices.Compact(flags)
}

func runCompletion(_ context.Context, e *env, args []string) int {
	fs := newFlagSet("completion", e)
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return flagErrorStatus(err)
	}
	if len(pos) != 1 {
		fmt.Fprintf(e.stderr, "arraylint completion: want one shell: bash, zsh or fish\n")
		return exitError
	}
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	slices.Sort(names)
	switch pos[0] {
	case "bash":
		writeBash(e.stdout, names)
	case "zsh":
		writeZsh(e.stdout, names)
	case "fish":
		writeFish(e.stdout, names)
	default:
		fmt.Fprintf(e.stderr, "arraylint completion: unknown shell %q (want bash, zsh or fish)\n", pos[0])
		return exitError
	}
	return exitOK
}

// writeBash writes a bash completion function: commands in the first position, each command's
// flags after it, file names otherwise.
func writeBash(w io.Writer, names []string) {
	fmt.Fprintf(w, "# bash completion for arraylint: source this file, or add\n# eval \"$(arraylint completion bash)\" to ~/.bashrc.\n")
	fmt.Fprintf(w, "_arraylint() {\n")
	fmt.Fprintf(w, "    local cur=${COMP_WORDS[COMP_CWORD]}\n")
	fmt.Fprintf(w, "    if [ \"$COMP_CWORD\" -eq 1 ]; then\n")
	fmt.Fprintf(w, "        COMPREPLY=($(compgen -W %q -- \"$cur\"))\n", strings.Join(names, " "))
	fmt.Fprintf(w, "        return\n    fi\n")
	fmt.Fprintf(w, "    local flags=\n    case ${COMP_WORDS[1]} in\n")
	for _, n := range names {
		if fl := commandFlags(n); len(fl) > 0 {
			fmt.Fprintf(w, "        %s) flags=%q ;;\n", n, strings.Join(fl, " "))
		}
	}
	fmt.Fprintf(w, "        completion) COMPREPLY=($(compgen -W \"bash zsh fish\" -- \"$cur\")); return ;;\n")
	fmt.Fprintf(w, "    esac\n")
	fmt.Fprintf(w, "    case $cur in\n        -*) COMPREPLY=($(compgen -W \"$flags\" -- \"$cur\")) ;;\n")
	fmt.Fprintf(w, "        *) COMPREPLY=($(compgen -f -- \"$cur\")) ;;\n    esac\n}\n")
	fmt.Fprintf(w, "complete -o filenames -F _arraylint arraylint\n")
}

// writeZsh writes a zsh completion function: installed on $fpath as _arraylint it is autoloaded,
// sourced (eval "$(arraylint completion zsh)" after compinit) it registers itself.
func writeZsh(w io.Writer, names []string) {
	fmt.Fprintf(w, "#compdef arraylint\n")
	fmt.Fprintf(w, "# zsh completion for arraylint: save as _arraylint in a directory of $fpath, or add\n")
	fmt.Fprintf(w, "# eval \"$(arraylint completion zsh)\" to ~/.zshrc after compinit.\n")
	fmt.Fprintf(w, "_arraylint() {\n")
	fmt.Fprintf(w, "    if (( CURRENT == 2 )); then\n        compadd -- %s\n        return\n    fi\n", strings.Join(names, " "))
	fmt.Fprintf(w, "    local -a flags\n    case $words[2] in\n")
	for _, n := range names {
		if fl := commandFlags(n); len(fl) > 0 {
			fmt.Fprintf(w, "        %s) flags=(%s) ;;\n", n, strings.Join(fl, " "))
		}
	}
	fmt.Fprintf(w, "        completion) compadd -- bash zsh fish; return ;;\n    esac\n")
	fmt.Fprintf(w, "    if [[ $PREFIX == -* ]]; then\n        compadd -- $flags\n    else\n        _files\n    fi\n}\n")
	fmt.Fprintf(w, "if [[ $funcstack[1] == _arraylint ]]; then\n    _arraylint \"$@\"\nelif (( $+functions[compdef] )); then\n    compdef _arraylint arraylint\nfi\n")
}

// writeFish writes fish completions: the commands, then each command's long flags.
func writeFish(w io.Writer, names []string) {
	fmt.Fprintf(w, "# fish completion for arraylint: save as ~/.config/fish/completions/arraylint.fish\n")
	fmt.Fprintf(w, "complete -c arraylint -f -n __fish_use_subcommand -a %q\n", strings.Join(names, " "))
	for _, n := range names {
		summary := ""
		if c := commands[n]; c != nil {
			summary = c.Summary
		}
		fmt.Fprintf(w, "complete -c arraylint -n __fish_use_subcommand -a %s -d %q\n", n, summary)
		for _, fl := range commandFlags(n) {
			fmt.Fprintf(w, "complete -c arraylint -n '__fish_seen_subcommand_from %s' -l %s\n", n, strings.TrimPrefix(fl, "--"))
		}
	}
	fmt.Fprintf(w, "complete -c arraylint -f -n '__fish_seen_subcommand_from completion' -a 'bash zsh fish'\n")
}
