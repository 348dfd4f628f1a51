package memory

import (
	"encoding/json"
	"fmt"
	"io"
)

// WriteJSON writes the reports as one JSON array, the module scope first (the schema is in
// docs/memory.md).
func WriteJSON(w io.Writer, reports []*Report) error {
	if reports == nil {
		reports = []*Report{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(reports); err != nil {
		return fmt.Errorf("write json report: %w", err)
	}
	return nil
}
