package main

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestFixRacesEditorSaves races `check --fix` against writers that change the file meanwhile,
// each change adding one line to what the file held: an editor that saves by writing a
// temporary file and renaming it over the source (as Vim, VS Code and most editors do), the
// same editor on a file that has a second hard link (so --fix writes it in place), and a writer
// that appends. A --fix
// run that overwrote a change would lose that line; every change must survive, and a run that
// met a change reports AL904 "changed while it was being fixed" instead of writing.
func TestFixRacesEditorSaves(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips the editor-save race suite; .ci/run runs it in full (go test ./...)")
	}
	for _, tc := range []struct {
		name  string
		saves int
		save  func(path, tmp string, line []byte) error
	}{
		{"rename", 1000, saveByRename},
		{"hardlink", 300, saveLinkedByRename},
		{"append", 300, saveByAppend},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "main.py")
			if err := os.WriteFile(path, []byte("x = bad\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			lost, stats := raceFix(t, path, tc.saves, tc.save)
			t.Log(stats)
			if lost > 0 {
				t.Errorf("%d of %d saves lost by --fix (%s)", lost, tc.saves, stats)
			}
		})
	}
}

// saveByRename writes what path holds plus line to tmp and renames tmp over path.
func saveByRename(path, tmp string, line []byte) error {
	cur, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := os.WriteFile(tmp, append(cur, line...), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// saveLinkedByRename saves as saveByRename does a file that has a second hard link.
func saveLinkedByRename(path, tmp string, line []byte) error {
	cur, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := os.WriteFile(tmp, append(cur, line...), 0o644); err != nil {
		return err
	}
	link := tmp + ".link"
	os.Remove(link)
	if err := os.Link(tmp, link); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// saveByAppend appends line to path.
func saveByAppend(path, _ string, line []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return err
	}
	if _, err := f.Write(line); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// raceFix runs `check --fix` on path over and over while saves changes are made to it, then
// returns how many of the saved lines the file lost.
func raceFix(t *testing.T, path string, saves int, save func(path, tmp string, line []byte) error) (lost int, stats string) {
	var done atomic.Bool
	var wg sync.WaitGroup
	wg.Go(func() {
		defer done.Store(true)
		tmp := path + ".editor-tmp"
		for i := range saves {
			if err := save(path, tmp, fmt.Appendf(nil, "e%d = bad\n", i)); err != nil {
				t.Errorf("save %d: %v", i, err)
				return
			}
			// A pause of 0.2 to 2 ms, so that --fix runs also complete between saves: a
			// fix that only ever met a change would test nothing.
			time.Sleep(time.Duration(200+rand.N(1800)) * time.Microsecond)
		}
	})
	runs, changed, fixed := 0, 0, 0
	named := map[string]bool{} // conflict files AL904 messages named
	keptRE := regexp.MustCompile(`is kept in (\S+?)\)`)
	for !done.Load() {
		var out, errOut bytes.Buffer
		e := &env{stdout: &out, stderr: &errOut, getenv: func(string) string { return "" }}
		status := run(context.Background(), e, []string{"check", "--select", "AL801", "--fix", "--no-color", path})
		runs++
		switch {
		case strings.Contains(out.String(), "AL904"):
			if !strings.Contains(out.String(), "changed while it was being fixed") {
				t.Fatalf("run %d: an AL904 that is not a change: %s", runs, out.String())
			}
			changed++
			for _, m := range keptRE.FindAllStringSubmatch(out.String(), -1) {
				named[m[1]] = true
			}
		case status == exitError:
			t.Fatalf("run %d: status %d\n%s%s", runs, status, out.String(), errOut.String())
		}
		if strings.Contains(out.String(), "Fixed ") {
			fixed++
		}
	}
	wg.Wait()
	if fixed == 0 {
		t.Errorf("no --fix run wrote a fix: the race was not exercised")
	}
	final, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	kept, err := filepath.Glob(path + ".arraylint-conflict-*")
	if err != nil {
		t.Fatal(err)
	}
	held := [][]byte{final}
	for _, k := range kept {
		if !named[k] {
			t.Errorf("%s kept a save aside that no AL904 message named", k)
		}
		b, err := os.ReadFile(k)
		if err != nil {
			t.Fatal(err)
		}
		held = append(held, b)
	}
	for i := range saves {
		re := regexp.MustCompile(fmt.Sprintf(`(?m)^e%d = (bad|good)$`, i))
		if !slices.ContainsFunc(held, re.Match) {
			lost++
		}
	}
	return lost, fmt.Sprintf("%d --fix runs: %d wrote fixes, %d reported a change (AL904), %d saves kept aside", runs, fixed, changed, len(kept))
}
