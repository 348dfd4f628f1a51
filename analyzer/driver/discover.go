package driver

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
)

// skippedDirs are never entered when walking a directory.
var skippedDirs = map[string]bool{
	".git": true, ".hg": true, ".svn": true, "__pycache__": true, "node_modules": true,
	".mypy_cache": true, ".pytest_cache": true, ".ruff_cache": true, ".tox": true, ".nox": true,
}

// Discover expands the command-line paths into the Python files to check, in a stable order.
// A file named explicitly is checked even when excluded, unless cc.ForceExclude is set;
// directories are walked for the files the configuration includes (*.py, *.pyi and *.ipynb unless
// `include` and `extend-include` say otherwise),
// skipping version-control and cache directories, virtual environments (a directory holding
// pyvenv.cfg), paths ignored by .gitignore files (when respect-gitignore is on) and paths matched
// by the configuration's exclude globs.
//
// A path that cannot be read (it does not exist, or a directory cannot be listed) does not stop
// the others: Discover returns every file it found together with an *UnreadablePaths error
// listing them. Any other error (a broken configuration) is fatal and returns no files.
func Discover(paths []string, cc *ConfigCache) ([]string, error) {
	var out []string
	var bad UnreadablePaths
	seen := map[string]bool{}
	add := func(p string) {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	for _, root := range paths {
		info, err := os.Stat(root)
		if err != nil {
			bad.Paths = append(bad.Paths, UnreadablePath{Path: root, Err: err})
			continue
		}
		abs, err := filepath.Abs(root)
		if err != nil {
			return nil, fmt.Errorf("check %s: %w", root, err)
		}
		if cc != nil && cc.ForceExclude {
			excluded, err := forceExcluded(abs, info.IsDir(), cc)
			if err != nil {
				return nil, err
			}
			if excluded {
				continue
			}
		}
		if !info.IsDir() {
			add(root)
			continue
		}
		if err := walk(root, abs, ancestorsIgnores(abs), cc, add, &bad); err != nil {
			return nil, err
		}
	}
	if len(bad.Paths) > 0 {
		return out, &bad
	}
	return out, nil
}

// UnreadablePath is a path Discover could not read, with the operating system's error.
type UnreadablePath struct {
	Path string
	Dir  bool // a directory that could not be listed
	Err  error
}

// UnreadablePaths is Discover's error when some paths could not be read; the files it returned
// alongside are still to be checked.
type UnreadablePaths struct {
	Paths []UnreadablePath
}

// Error lists the unreadable paths.
func (u *UnreadablePaths) Error() string {
	msgs := make([]string, len(u.Paths))
	for i, p := range u.Paths {
		msgs[i] = p.Err.Error()
	}
	return "check: " + strings.Join(msgs, "; ")
}

// forceExcluded reports whether a path named on the command line is excluded by the exclude
// globs of its configuration or, when that honours them, by .gitignore files (--force-exclude).
func forceExcluded(abs string, isDir bool, cc *ConfigCache) (bool, error) {
	cfg, err := cc.ForDir(filepath.Dir(abs))
	if err != nil {
		return false, err
	}
	if cfg.Excluded(abs, isDir) {
		return true, nil
	}
	if !cfg.RespectGitignore() {
		return false, nil
	}
	return ancestorsIgnores(abs).ignored(abs, isDir), nil
}

// ancestorsIgnores returns the .gitignore files of abs's ancestors up to the repository root
// (the nearest directory holding .git), outermost first; none when abs is not in a repository.
func ancestorsIgnores(abs string) ignoreStack {
	var dirs []string
	for d := filepath.Dir(abs); ; d = filepath.Dir(d) {
		dirs = append(dirs, d)
		if _, err := os.Stat(filepath.Join(d, ".git")); err == nil {
			break
		}
		if filepath.Dir(d) == d {
			return nil // not inside a repository: ancestors' ignore files do not apply
		}
	}
	if _, err := os.Stat(filepath.Join(abs, ".git")); err == nil {
		return nil
	}
	var st ignoreStack
	for _, d := range slices.Backward(dirs) {
		if f := readIgnoreFile(d); f != nil {
			st = append(st, f)
		}
	}
	return st
}

func walk(dir, abs string, st ignoreStack, cc *ConfigCache, add func(string), bad *UnreadablePaths) error {
	cfg, err := cc.ForDir(abs)
	if errors.Is(err, syscall.ENAMETOOLONG) {
		// A tree deeper than the system's path limit: this directory cannot be reached by
		// name, which is its one AL904; the rest of the walk goes on.
		bad.Paths = append(bad.Paths, UnreadablePath{Path: dir, Dir: true,
			Err: &fs.PathError{Op: "open", Path: dir, Err: syscall.ENAMETOOLONG}})
		return nil
	}
	if err != nil {
		return err
	}
	if cfg.RespectGitignore() {
		if f := readIgnoreFile(abs); f != nil {
			st = append(slices.Clip(st), f)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		bad.Paths = append(bad.Paths, UnreadablePath{Path: dir, Dir: true, Err: err})
		return nil
	}
	for _, e := range entries {
		name := e.Name()
		p, pabs := filepath.Join(dir, name), filepath.Join(abs, name)
		isDir := e.IsDir()
		if e.Type()&fs.ModeSymlink != 0 {
			continue // never follow links: no cycles, no duplicates
		}
		if isDir && skippedDirs[name] {
			continue
		}
		if cfg.RespectGitignore() && st.ignored(pabs, isDir) {
			continue
		}
		if cfg.Excluded(pabs, isDir) {
			continue
		}
		if isDir {
			if _, err := os.Stat(filepath.Join(p, "pyvenv.cfg")); err == nil {
				continue
			}
			if err := walk(p, pabs, st, cc, add, bad); err != nil {
				return err
			}
			continue
		}
		if cfg.Included(pabs) {
			add(p)
		}
	}
	return nil
}
