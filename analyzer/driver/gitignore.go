package driver

// This file implements the subset of gitignore(5) that file discovery needs: nested .gitignore
// files, `!` negation, trailing-slash directory patterns, anchored patterns and `**`.

import (
	"bufio"
	"bytes"
	"path/filepath"
	"strings"
)

// ignoreFile is the patterns of one .gitignore, relative to its directory.
type ignoreFile struct {
	dir      string // absolute
	patterns []*glob
}

// readIgnoreFile parses the .gitignore in dir; it returns nil when there is none. Lines that do
// not compile are skipped, as git does.
func readIgnoreFile(dir string) *ignoreFile {
	data, _, err := ReadFile(filepath.Join(dir, ".gitignore")) // a named pipe is refused, not waited on
	if err != nil {
		return nil
	}
	return parseIgnoreFile(dir, data)
}

func parseIgnoreFile(dir string, data []byte) *ignoreFile {
	f := &ignoreFile{dir: dir}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := strings.TrimRight(sc.Text(), "\r")
		if !strings.HasSuffix(line, `\ `) {
			line = strings.TrimRight(line, " \t")
		}
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if strings.HasPrefix(line, `\#`) || strings.HasPrefix(line, `\!`) {
			line = line[1:]
			if g, err := compileGlob(line, false); err == nil {
				f.patterns = append(f.patterns, g)
			}
			continue
		}
		if g, err := compileGlob(line, true); err == nil {
			f.patterns = append(f.patterns, g)
		}
	}
	return f
}

// ignoreStack is the .gitignore files that apply at one point of a directory walk, outermost first.
type ignoreStack []*ignoreFile

// ignored reports whether the absolute path is ignored: the last matching pattern of the innermost
// file that has one decides, and a `!` pattern re-includes.
func (st ignoreStack) ignored(abs string, isDir bool) bool {
	verdict := false
	for _, f := range st {
		rel, err := filepath.Rel(f.dir, abs)
		if err != nil || strings.HasPrefix(rel, "..") {
			continue
		}
		rel = filepath.ToSlash(rel)
		for _, g := range f.patterns {
			if g.match(rel, isDir) {
				verdict = !g.negate
			}
		}
	}
	return verdict
}
