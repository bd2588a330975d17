package defaultdrift

import (
	_ "embed"
	"go/ast"
	"go/token"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/builders"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/defaults"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/directive"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/settings"
)

//go:embed doc.go
var doc string

// Config holds the settings of defaultdrift: extra-fields adds
// server-defaulted fields (a defaulting webhook's, or a custom
// resource's), ignore-fields leaves fields of the table out.
type Config = settings.Fields

// Validate reports the first bad setting, naming its key.
func Validate(c Config) error { return table.Validate(c) }

// table is the list of server-defaulted fields that the settings adjust.
var table = settings.FieldTable{
	Analyzer: "defaultdrift",
	Form:     "Type.Field",
	Spelled: func(k string) bool {
		typ, name, ok := strings.Cut(k, ".")
		return ok && token.IsExported(typ) && token.IsExported(name) && token.IsIdentifier(typ) && token.IsIdentifier(name)
	},
	Entry: "a server-defaulted field",
	Holds: func(k string) bool {
		typ, name, _ := strings.Cut(k, ".")
		return slices.ContainsFunc(defaults.All(), func(f defaults.Field) bool { return f.Type == typ && f.Name == name })
	},
}

// Analyzer reports strict drift checks that server defaulting keeps unequal.
var Analyzer = New(Config{})

// New returns a defaultdrift analyzer with the given settings.
func New(cfg Config) *analysis.Analyzer {
	a := directive.New("defaultdrift", doc, func(pass *analysis.Pass) (any, error) {
		if err := Validate(cfg); err != nil {
			return nil, err
		}
		return run(pass, cfg)
	}, []*analysis.Analyzer{builders.Analyzer})
	table.Flags(&a.Flags, &cfg, "comma-separated Type.Field server-defaulted fields to add", "comma-separated Type.Field fields to leave out")
	return a
}

type checker struct {
	pass *analysis.Pass
	cfg  Config
	b    *builders.Result
}

func run(pass *analysis.Pass, cfg Config) (any, error) {
	b := pass.ResultOf[builders.Analyzer].(*builders.Result)
	if b == nil {
		return nil, nil // no Kubernetes object is built here
	}
	c := &checker{pass: pass, cfg: cfg, b: b}
	var list []analysis.Diagnostic
	for _, f := range astutil.CodeFiles(pass.Fset, pass.Files) {
		if directive.IsGenerated(pass, f) {
			continue
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				list = append(list, c.comparisons(fd)...)
				list = append(list, c.mutatorCalls(fd)...)
			}
		}
	}
	sort.SliceStable(list, func(i, j int) bool { return list[i].Pos < list[j].Pos })
	for _, d := range list {
		pass.Report(d)
	}
	return nil, nil
}
