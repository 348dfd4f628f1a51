module github.com/arraylint/arraylint

go 1.26.8
