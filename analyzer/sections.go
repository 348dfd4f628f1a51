package analyzer

// This file lets packages outside the core validate the configuration tables the core hands over
// uninterpreted (Config.Section), so their errors appear when the configuration loads.

import "sync"

// SectionCheck validates a raw configuration table and returns the offending key ("" for the
// table as a whole) and the error.
type SectionCheck func(table map[string]any) (key string, err error)

var sectionChecks struct {
	sync.RWMutex
	byName map[string]SectionCheck
}

// sectionNames are the tables the core passes through to Section; checks are optional.
var sectionNames = []string{"memory"}

// RegisterSectionCheck makes check validate the top-level table name (such as "memory") of every
// configuration loaded from now on. Call it from an init function; a second check for one name
// replaces the first.
func RegisterSectionCheck(name string, check SectionCheck) {
	sectionChecks.Lock()
	defer sectionChecks.Unlock()
	if sectionChecks.byName == nil {
		sectionChecks.byName = map[string]SectionCheck{}
	}
	sectionChecks.byName[name] = check
}

func sectionCheck(name string) SectionCheck {
	sectionChecks.RLock()
	defer sectionChecks.RUnlock()
	return sectionChecks.byName[name]
}
