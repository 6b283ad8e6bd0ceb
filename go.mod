module ocrfix

go 1.26.0

require (
	github.com/mitchellh/colorstring v0.0.0-20190213212951-d06e56a500db // indirect
	github.com/rivo/uniseg v0.4.7 // indirect
	github.com/sajari/word2vec v1.0.0 // indirect
	github.com/schollz/progressbar/v3 v3.19.1 // indirect
	github.com/ziutek/blas v0.0.0-20190227122918-da4ca23e90bb // indirect
	golang.org/x/sys v0.48.0 // indirect
	golang.org/x/term v0.44.0 // indirect
	golang.org/x/text v0.43.0 // indirect
	golang.org/x/tools v0.51.0 // indirect
	gonum.org/v1/gonum v0.17.0 // indirect
)
