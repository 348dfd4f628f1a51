package driver

// This file defines the content cache of `check`: a file's findings kept on disk under a key of
// everything the check of that file read, so that checking an unchanged file again costs a hash
// and a read.
//
// The key is a SHA-256 of the cache format, the binary's build identity (BuildID), the file's
// path and bytes, its project root, and every setting a rule or the driver reads for it, derived
// from the resolved configuration through the same accessors the rules use (Enabled, Severity,
// Option of every declared option of every rule, Section, Flags, FileDir): a setting added to a
// rule enters the key without a list to update. The files the analysis read besides the checked
// one (the project modules it follows, a package's __init__.py) cannot be known before the
// check; every read and look-up goes through the pass's analyzer.Files, which the driver
// records, and the entry lists them with their content hash or kind. An entry is served only
// when each of them is still the same.
//
// An entry is one file, written to a temporary name and renamed into place (concurrent runs
// never see half an entry), opened by a header line holding the format, the key and a hash of
// the body: a truncated or corrupt entry is ignored and written again. Trim bounds the cache's
// size by removing the least recently used entries (a hit touches its entry).

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/arraymodel/absint"
)

// cacheFormat names the encoding of entries; change it whenever Finding or the entry changes.
const cacheFormat = "arraylint-cache-1"

// DefaultCacheDirName is the cache folder made at the project root when neither
// ARRAYLINT_CACHE_DIR nor `cache-dir` says where the cache is (Ruff's `.ruff_cache`).
const DefaultCacheDirName = ".arraylint_cache"

// CacheDirEnv is the environment variable naming the cache directory; it wins over `cache-dir`.
const CacheDirEnv = "ARRAYLINT_CACHE_DIR"

// DefaultCacheMaxBytes bounds the size of a cache directory: Trim removes the least recently
// used entries beyond it.
const DefaultCacheMaxBytes = 256 << 20

// Cache is a content cache of findings on disk (see the top of cache.go). It is safe for
// concurrent use, by goroutines and by processes sharing the directory.
type Cache struct {
	dir      string // the entries' folder, dir/<format>
	build    string
	MaxBytes int64 // Trim's bound; DefaultCacheMaxBytes when 0

	hits, misses, writes atomic.Int64

	// seen memoizes, for the life of this Cache (one run), what each dependency is now: a
	// module many files follow is read and hashed once per run, not once per file.
	seen sync.Map // cacheDep (Path, Read) → cacheDep
	// roots memoizes the project root of each directory for the run: finding it stats five
	// markers in every directory up to / (a quarter of a fully cached run's CPU without it).
	roots sync.Map // [2]string{config dir, file dir} → root
}

// projectRoot is absint.ProjectRootOf, looked up once per directory and run.
func (c *Cache) projectRoot(configDir, path string) string {
	if configDir != "" || path == "" || path == "-" {
		return absint.ProjectRootOf(configDir, path)
	}
	key := [2]string{configDir, filepath.Dir(path)}
	if v, ok := c.roots.Load(key); ok {
		return v.(string)
	}
	root := absint.ProjectRootOf(configDir, path)
	c.roots.Store(key, root)
	return root
}

// OpenCache opens (creating it when needed) the cache under dir, which it marks with a
// .gitignore ignoring everything and a CACHEDIR.TAG, as Ruff does with .ruff_cache.
func OpenCache(dir string) (*Cache, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("open cache %s: %w", dir, err)
	}
	entries := filepath.Join(abs, cacheFormat)
	if err := os.MkdirAll(entries, 0o755); err != nil {
		return nil, fmt.Errorf("open cache %s: %w", dir, err)
	}
	for name, text := range map[string]string{
		".gitignore":   "# Made by arraylint: its cache, safe to delete.\n*\n",
		"CACHEDIR.TAG": "Signature: 8a477f597d28d172789f06886806bc55\n# This file is a cache directory tag made by arraylint.\n",
	} {
		p := filepath.Join(abs, name)
		if _, err := os.Stat(p); errors.Is(err, fs.ErrNotExist) {
			_ = writeAtomic(p, []byte(text)) // a marker another run wrote first is as good
		}
	}
	return &Cache{dir: entries, build: BuildID()}, nil
}

// Dir returns the folder of the cache's entries.
func (c *Cache) Dir() string { return c.dir }

// CacheStats counts a cache's look-ups: Hits served from the cache, Misses checked again (no
// entry, a changed input or a corrupt entry), Writes of entries.
type CacheStats struct{ Hits, Misses, Writes int64 }

// Stats returns the cache's counts so far.
func (c *Cache) Stats() CacheStats {
	return CacheStats{Hits: c.hits.Load(), Misses: c.misses.Load(), Writes: c.writes.Load()}
}

var buildID = sync.OnceValue(func() string {
	var parts []string
	if bi, ok := debug.ReadBuildInfo(); ok {
		parts = append(parts, bi.GoVersion, bi.Main.Path, bi.Main.Version)
		for _, s := range bi.Settings { // build flags, tags, GOARCH, the VCS revision
			parts = append(parts, s.Key+"="+s.Value)
		}
		if !slices.ContainsFunc(parts, func(p string) bool { return strings.HasPrefix(p, "vcs.modified=false") }) {
			// No revision, or one with local changes: only the executable's bytes say which
			// code made an entry (a test binary, `go run`, a modified checkout).
			if sum, err := executableHash(); err == nil {
				parts = append(parts, "exe="+sum)
			} else {
				parts = append(parts, "exe-unknown="+fmt.Sprint(time.Now().UnixNano()))
			}
		}
	}
	return strings.Join(parts, "\n")
})

// BuildID identifies the binary's code for the cache: its Go version, module version, build
// settings and VCS revision, and the hash of the executable when the revision is unknown or modified (an entry
// made by other code is never served).
func BuildID() string { return buildID() }

// executableHash identifies the executable's bytes: by the Go build ID the linker wrote into it
// (its last part hashes the binary's content; read in well under a millisecond), or, for a
// binary linked without one, by the SHA-256 of the whole file (tens of milliseconds for the
// 19 MB binary, paid by every run).
func executableHash() (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", err
	}
	if id := goBuildID(exe); id != "" {
		return "go-build-id:" + id, nil
	}
	data, err := os.ReadFile(exe)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:]), nil
}

// cacheKey returns the key of checking src at path under cfg with rn, or ok false when a
// setting has no stable encoding (the file is then checked without the cache).
func (rn *Runner) cacheKey(c *Cache, path string, src []byte, cfg *Config) (string, bool) {
	h := sha256.New()
	w := func(parts ...string) {
		for _, p := range parts {
			fmt.Fprintf(h, "%d:%s", len(p), p)
		}
	}
	abs, _ := filepath.Abs(path)
	w(cacheFormat, c.build, path, abs, c.projectRoot(cfg.FileDir(), path), cfg.FileDir(), fmt.Sprint(rn.strict))
	sum := sha256.Sum256(src)
	w(string(sum[:]))
	isEnabled := cfg.enabler(path)
	for _, r := range rn.rules {
		w(r.Spec.Code, fmt.Sprint(isEnabled(r)), cfg.Severity(r).String())
		for _, o := range r.Spec.Options {
			v, _ := cfg.Option(r, o.Name)
			enc, err := json.Marshal(v)
			if err != nil {
				return "", false
			}
			w(o.Name, fmt.Sprintf("%T", v), string(enc))
		}
	}
	// Every section and every command-line section value, whichever rule reads it.
	enc, err := json.Marshal([]any{cfg.sections, cfg.flags})
	if err != nil {
		return "", false
	}
	w(string(enc))
	return hex.EncodeToString(h.Sum(nil)), true
}

// cacheEntry is the body of an entry.
type cacheEntry struct {
	// Deps are the files the check read besides the checked one, in the order read.
	Deps     []cacheDep         `json:"deps"`
	Held     int64              `json:"held"`
	Findings []analyzer.Finding `json:"findings"`
}

// cacheDep is a file the check read or looked up: Sum is the hash of its bytes for a read
// ("" when the read failed), Kind what a look-up found ("file", "dir", "other", "none").
type cacheDep struct {
	Path string `json:"path"`
	Read bool   `json:"read,omitempty"`
	// List marks a directory's listing: Sum hashes its entries' names and kinds.
	List bool   `json:"list,omitempty"`
	Sum  string `json:"sum,omitempty"`
	Kind string `json:"kind,omitempty"`
}

func (c *Cache) entryPath(key string) string { return filepath.Join(c.dir, key[:2], key) }

// get returns the entry of key when it is whole and every file it depends on is unchanged.
func (c *Cache) get(key string) (*cacheEntry, bool) {
	p := c.entryPath(key)
	data, err := os.ReadFile(p)
	if err != nil {
		return nil, false
	}
	header, body, ok := bytes.Cut(data, []byte("\n"))
	if !ok {
		return nil, false
	}
	sum := sha256.Sum256(body)
	if string(header) != cacheFormat+" "+key+" "+hex.EncodeToString(sum[:]) {
		return nil, false // truncated, corrupt or another format
	}
	var e cacheEntry
	if err := json.Unmarshal(body, &e); err != nil {
		return nil, false
	}
	for _, d := range e.Deps {
		if c.now(d) != d {
			return nil, false
		}
	}
	now := time.Now()
	_ = os.Chtimes(p, now, now) // most recently used: Trim drops it last
	return &e, true
}

// put writes the entry of key.
func (c *Cache) put(key string, e *cacheEntry) error {
	body, err := json.Marshal(e)
	if err != nil {
		return fmt.Errorf("write cache entry: %w", err)
	}
	sum := sha256.Sum256(body)
	data := append([]byte(cacheFormat+" "+key+" "+hex.EncodeToString(sum[:])+"\n"), body...)
	p := c.entryPath(key)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return fmt.Errorf("write cache entry: %w", err)
	}
	if err := writeAtomic(p, data); err != nil {
		return err
	}
	c.writes.Add(1)
	return nil
}

// writeAtomic writes data to a temporary file beside path and renames it to path.
func writeAtomic(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), ".tmp-*")
	if err != nil {
		return fmt.Errorf("write cache entry: %w", err)
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("write cache entry: %w", err)
	}
	return nil
}

// Trim removes the least recently used entries while the cache holds more than MaxBytes, and
// temporary files a killed run left behind more than an hour ago.
func (c *Cache) Trim() error {
	limit := c.MaxBytes
	if limit <= 0 {
		limit = DefaultCacheMaxBytes
	}
	type file struct {
		path string
		size int64
		mod  time.Time
	}
	var files []file
	var total int64
	err := filepath.WalkDir(c.dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil // an entry removed meanwhile by another run
		}
		info, err := d.Info()
		if err != nil {
			return nil
		}
		if strings.HasPrefix(d.Name(), ".tmp-") {
			if time.Since(info.ModTime()) > time.Hour {
				os.Remove(p)
			}
			return nil
		}
		files = append(files, file{p, info.Size(), info.ModTime()})
		total += info.Size()
		return nil
	})
	if err != nil {
		return fmt.Errorf("trim cache %s: %w", c.dir, err)
	}
	sort.Slice(files, func(i, j int) bool { return files[i].mod.Before(files[j].mod) })
	for _, f := range files {
		if total <= limit {
			break
		}
		if err := os.Remove(f.path); err == nil || errors.Is(err, fs.ErrNotExist) {
			total -= f.size
		}
	}
	return nil
}

// now returns d as the file system has it now, looked at once per run.
func (c *Cache) now(d cacheDep) cacheDep {
	key := cacheDep{Path: d.Path, Read: d.Read, List: d.List}
	if v, ok := c.seen.Load(key); ok {
		return v.(cacheDep)
	}
	v := d.now()
	c.seen.Store(key, v)
	return v
}

// now returns d as the file system has it now.
func (d cacheDep) now() cacheDep {
	if d.Read {
		return readDep(d.Path)
	}
	if d.List {
		es, err := os.ReadDir(d.Path)
		return listDep(d.Path, es, err)
	}
	info, err := os.Stat(d.Path)
	return statDep(d.Path, info, err)
}

func readDep(path string) cacheDep {
	d := cacheDep{Path: path, Read: true}
	if data, err := os.ReadFile(path); err == nil {
		sum := sha256.Sum256(data)
		d.Sum = hex.EncodeToString(sum[:])
	}
	return d
}

// listDep records a directory's listing: a hash of its entries' names and kinds ("" when it
// cannot be read).
func listDep(path string, es []fs.DirEntry, err error) cacheDep {
	d := cacheDep{Path: path, List: true}
	if err == nil {
		h := sha256.New()
		for _, e := range es {
			fmt.Fprintf(h, "%s\x00%d\x00", e.Name(), e.Type())
		}
		d.Sum = hex.EncodeToString(h.Sum(nil))
	}
	return d
}

func statDep(path string, info fs.FileInfo, err error) cacheDep {
	d := cacheDep{Path: path, Kind: "none"}
	switch {
	case err != nil:
	case info.IsDir():
		d.Kind = "dir"
	case info.Mode().IsRegular():
		d.Kind = "file"
	default:
		d.Kind = "other"
	}
	return d
}

// fileRecorder is the analyzer.Files of one file's check: it reads the file system and records
// every read and look-up, for the cache entry.
type fileRecorder struct {
	mu   sync.Mutex
	deps []cacheDep
	seen map[cacheDep]bool
	held int64
}

func (r *fileRecorder) add(d cacheDep) {
	r.mu.Lock()
	defer r.mu.Unlock()
	key := cacheDep{Path: d.Path, Read: d.Read, List: d.List}
	if r.seen[key] {
		return
	}
	if r.seen == nil {
		r.seen = map[cacheDep]bool{}
	}
	r.seen[key] = true
	r.deps = append(r.deps, d)
}

// ReadFile reads path and records its hash.
func (r *fileRecorder) ReadFile(path string) ([]byte, error) {
	data, err := os.ReadFile(path)
	d := cacheDep{Path: path, Read: true}
	if err == nil {
		sum := sha256.Sum256(data)
		d.Sum = hex.EncodeToString(sum[:])
	}
	r.add(d)
	return data, err
}

// ReadDir lists path and records the listing.
func (r *fileRecorder) ReadDir(path string) ([]fs.DirEntry, error) {
	es, err := os.ReadDir(path)
	r.add(listDep(path, es, err))
	return es, err
}

// Stat looks path up and records what it found.
func (r *fileRecorder) Stat(path string) (fs.FileInfo, error) {
	info, err := os.Stat(path)
	r.add(statDep(path, info, err))
	return info, err
}

type recorderKey struct{}

// recorderOf returns the recorder the context carries, or nil.
func recorderOf(ctx context.Context) *fileRecorder {
	r, _ := ctx.Value(recorderKey{}).(*fileRecorder)
	return r
}

// checkCached is Check through the cache c: a hit returns the stored findings (and adds the
// stored held count), a miss checks the file and stores its result.
func (rn *Runner) checkCached(ctx context.Context, c *Cache, path string, src []byte, cfg *Config) ([]analyzer.Finding, error) {
	key, ok := rn.cacheKey(c, path, src, cfg)
	if !ok {
		c.misses.Add(1)
		return rn.Check(ctx, path, src, cfg)
	}
	if e, ok := c.get(key); ok {
		c.hits.Add(1)
		rn.held.Add(e.Held)
		return e.Findings, nil
	}
	c.misses.Add(1)
	rec := &fileRecorder{}
	findings, err := rn.Check(context.WithValue(ctx, recorderKey{}, rec), path, src, cfg)
	if err != nil || ctx.Err() != nil {
		return findings, err
	}
	rec.mu.Lock()
	e := &cacheEntry{Deps: rec.deps, Held: rec.held, Findings: findings}
	rec.mu.Unlock()
	_ = c.put(key, e) // a cache that cannot be written only costs the next run time
	return findings, nil
}

// ensure the recorder reads as analyzer.Files and absint.Files.
var (
	_ analyzer.Files = (*fileRecorder)(nil)
	_ absint.Files   = (*fileRecorder)(nil)
)
