module github.com/arraylint/arraylint

go 1.26.8

require (
	github.com/pelletier/go-toml/v2 v2.4.3
	github.com/rogpeppe/go-internal v1.16.0
	golang.org/x/text v0.31.0
	golang.org/x/tools v0.52.0
)

require golang.org/x/sys v0.49.0
