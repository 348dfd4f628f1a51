package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"

	"github.com/arraylint/arraylint/analyzer/driver"
	"github.com/arraylint/arraylint/lsp/protocol"
	"github.com/arraylint/arraylint/memory"
)

// userSettings are the editor settings under "arraylint" in workspace/didChangeConfiguration:
// the same overrides as the command line's --select, --ignore, --config, and the memory
// estimate's --target, --backend and --assume (the sizes the program runs at).
type userSettings struct {
	Select  []string         `json:"select,omitempty"`
	Ignore  []string         `json:"ignore,omitempty"`
	Config  string           `json:"config,omitempty"`
	Target  string           `json:"target,omitempty"`
	Backend string           `json:"backend,omitempty"`
	Assume  map[string]int64 `json:"assume,omitempty"`
	// Scale is the sized rules' scale setting, as `check --scale` gives it ("" leaves the
	// configuration's).
	Scale string `json:"scale,omitempty"`
}

// memoryFlags returns the settings' memory overrides as a [tool.arraylint.memory]-shaped table
// (Config.Flags("memory")), as `check --target --backend --assume` gives them, or nil when the
// settings have none.
func (set userSettings) memoryFlags() (map[string]any, error) {
	out := map[string]any{}
	for _, kv := range [][2]string{{"target", set.Target}, {"backend", set.Backend}} {
		name, v := kv[0], kv[1]
		o, _ := memory.LookupTargetOption(name, memory.InCheck)
		if v == "" {
			continue
		}
		val, err := o.ParseString(v)
		if err != nil {
			return nil, fmt.Errorf("read arraylint.%s setting: %w", name, err)
		}
		out[name] = val
	}
	if len(set.Assume) > 0 {
		binds := map[string]any{}
		for k, v := range set.Assume {
			if v < 0 {
				return nil, fmt.Errorf("read arraylint.assume setting: %s = %d: want a non-negative integer", k, v)
			}
			binds[k] = v
		}
		out["assume"] = binds
	}
	if len(out) == 0 {
		return nil, nil
	}
	return out, nil
}

// configFor returns the configuration of the file at path: the nearest arraylint.toml or
// pyproject.toml with [tool.arraylint], with the editor's overrides. A broken configuration is
// shown to the user once and the defaults are used meanwhile.
func (s *Server) configFor(path string) *driver.Config {
	s.mu.Lock()
	cc := s.configs
	roots := s.roots
	s.mu.Unlock()
	dir := filepath.Dir(path)
	if !filepath.IsAbs(path) { // untitled documents: the workspace root's configuration
		dir = "."
		if len(roots) > 0 {
			dir = roots[0]
		}
	}
	cfg, err := cc.ForDir(dir)
	if err == nil {
		return cfg
	}
	msg := err.Error()
	s.mu.Lock()
	shown := s.configErrShown[msg]
	s.configErrShown[msg] = true
	s.mu.Unlock()
	if !shown {
		s.showf(protocol.MessageError, "arraylint: %s (using the default rules)", msg)
	}
	return driver.Default(dir)
}

// newConfigCache builds the configuration cache for the current settings.
func newConfigCache(set userSettings) (*driver.ConfigCache, error) {
	cc := &driver.ConfigCache{Select: set.Select, Ignore: set.Ignore}
	if set.Scale != "" {
		cc.Options = map[string]any{"scale": set.Scale}
		if _, err := driver.Default("").WithOptions(cc.Options); err != nil {
			return nil, fmt.Errorf("read arraylint.scale setting: %w", err)
		}
	}
	mem, err := set.memoryFlags()
	if err != nil {
		return nil, err
	}
	if mem != nil {
		cc.Flags = map[string]map[string]any{"memory": mem}
	}
	if set.Config != "" {
		cfg, err := driver.LoadConfigFile(set.Config)
		if err != nil {
			return nil, err
		}
		cc.Fixed = cfg
	}
	return cc, nil
}

// reloadConfig drops every cached configuration and re-analyses the open documents.
func (s *Server) reloadConfig() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	cc, err := newConfigCache(s.settings)
	if err != nil {
		cc = &driver.ConfigCache{Select: s.settings.Select, Ignore: s.settings.Ignore}
	}
	s.configs = cc
	clear(s.configErrShown)
	for _, d := range s.docs {
		s.schedule(d)
	}
	return err
}

// readSettings decodes the "arraylint" object of editor settings; ok is false when raw has none.
func readSettings(raw json.RawMessage) (set userSettings, ok bool, err error) {
	if len(raw) == 0 || string(raw) == "null" {
		return userSettings{}, false, nil
	}
	var wrapper struct {
		Arraylint *userSettings `json:"arraylint"`
	}
	if err := json.Unmarshal(raw, &wrapper); err != nil {
		return userSettings{}, false, fmt.Errorf("read arraylint settings: %w", err)
	}
	if wrapper.Arraylint == nil {
		return userSettings{}, false, nil
	}
	return *wrapper.Arraylint, true, nil
}

// DidChangeConfiguration handles workspace/didChangeConfiguration: it takes the "arraylint"
// settings if the notification carries them, and re-reads the configuration files either way.
func (s *Server) DidChangeConfiguration(ctx context.Context, p *protocol.DidChangeConfigurationParams) error {
	set, ok, err := readSettings(p.Settings)
	if err != nil {
		return err
	}
	if ok {
		s.mu.Lock()
		s.settings = set
		s.mu.Unlock()
	}
	if err := s.reloadConfig(); err != nil {
		s.showf(protocol.MessageError, "arraylint: %v", err)
	}
	return nil
}

// DidChangeWatchedFiles handles workspace/didChangeWatchedFiles: a created, changed or deleted
// configuration file makes the server re-read the configuration and re-analyse.
func (s *Server) DidChangeWatchedFiles(ctx context.Context, p *protocol.DidChangeWatchedFilesParams) error {
	for _, ch := range p.Changes {
		path, ok := uriToPath(ch.URI)
		if ok && slices.Contains(driver.ConfigFileNames, filepath.Base(path)) {
			return s.reloadConfig()
		}
	}
	return nil
}
