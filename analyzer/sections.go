package analyzer

// This file lets packages outside the core validate the configuration tables the driver hands over
// uninterpreted (Settings.Section), so their errors appear when the configuration loads.

import (
	"slices"
	"sync"
)

// SectionCheck validates a raw configuration table and returns the offending key ("" for the
// table as a whole) and the error.
type SectionCheck func(table map[string]any) (key string, err error)

var sectionChecks struct {
	sync.RWMutex
	byName map[string]SectionCheck
	names  []string // tables the driver passes through to Section
	keys   map[string][]string
}

func init() { sectionChecks.names = []string{"memory"} }

// RegisterSectionCheck declares the top-level table name (such as "memory") and makes check
// validate it in every configuration loaded from now on. Call it from an init function; a second
// check for one name replaces the first.
func RegisterSectionCheck(name string, check SectionCheck) {
	sectionChecks.Lock()
	defer sectionChecks.Unlock()
	if sectionChecks.byName == nil {
		sectionChecks.byName = map[string]SectionCheck{}
	}
	sectionChecks.byName[name] = check
	if !slices.Contains(sectionChecks.names, name) {
		sectionChecks.names = append(sectionChecks.names, name)
	}
}

// IsSection reports whether name is a top-level table the driver passes through to Section.
func IsSection(name string) bool {
	sectionChecks.RLock()
	defer sectionChecks.RUnlock()
	return slices.Contains(sectionChecks.names, name)
}

// SectionCheckOf returns the check registered for the table name, or nil.
func SectionCheckOf(name string) SectionCheck {
	sectionChecks.RLock()
	defer sectionChecks.RUnlock()
	return sectionChecks.byName[name]
}

// RegisterSectionKeys declares the keys of the table name in the order --show-settings lists
// them (keys not declared follow, sorted). Call it from an init function.
func RegisterSectionKeys(name string, keys ...string) {
	sectionChecks.Lock()
	defer sectionChecks.Unlock()
	if sectionChecks.keys == nil {
		sectionChecks.keys = map[string][]string{}
	}
	sectionChecks.keys[name] = slices.Clone(keys)
}

// SectionKeys returns the keys RegisterSectionKeys declared for the table name.
func SectionKeys(name string) []string {
	sectionChecks.RLock()
	defer sectionChecks.RUnlock()
	return slices.Clone(sectionChecks.keys[name])
}
