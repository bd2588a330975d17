package driver

import (
	"cmp"
	"encoding/json"
	"fmt"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf16"

	"golang.org/x/tools/go/analysis"
)

// SARIF 2.1.0, the subset reconcilelint writes.
type sarifLog struct {
	Version string     `json:"version"`
	Schema  string     `json:"$schema"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool               sarifTool                   `json:"tool"`
	OriginalURIBaseIDs map[string]sarifArtifactLoc `json:"originalUriBaseIds"`
	Invocations        []sarifInvocation           `json:"invocations"`
	Results            []sarifResult               `json:"results"`
	ColumnKind         string                      `json:"columnKind"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID               string       `json:"id"`
	Name             string       `json:"name"`
	ShortDescription sarifMessage `json:"shortDescription"`
	FullDescription  sarifMessage `json:"fullDescription"`
	Help             sarifMessage `json:"help"`
	HelpURI          string       `json:"helpUri,omitempty"`
	DefaultConfig    struct {
		Level string `json:"level"`
	} `json:"defaultConfiguration"`
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifInvocation struct {
	ExecutionSuccessful bool                `json:"executionSuccessful"`
	Notifications       []sarifNotification `json:"toolExecutionNotifications,omitempty"`
}

type sarifNotification struct {
	Level   string       `json:"level"`
	Message sarifMessage `json:"message"`
}

type sarifResult struct {
	RuleID    string          `json:"ruleId"`
	RuleIndex int             `json:"ruleIndex"`
	Level     string          `json:"level"`
	Message   sarifMessage    `json:"message"`
	Locations []sarifLocation `json:"locations"`
	Related   []sarifLocation `json:"relatedLocations,omitempty"`
	Fixes     []sarifFix      `json:"fixes,omitempty"`
}

type sarifLocation struct {
	ID       *int                  `json:"id,omitempty"`
	Physical sarifPhysicalLocation `json:"physicalLocation"`
	Message  *sarifMessage         `json:"message,omitempty"`
}

type sarifPhysicalLocation struct {
	Artifact sarifArtifactLoc `json:"artifactLocation"`
	Region   sarifRegion      `json:"region"`
}

type sarifArtifactLoc struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn"`
	EndLine     int `json:"endLine,omitempty"`
	EndColumn   int `json:"endColumn,omitempty"`
}

type sarifFix struct {
	Description sarifMessage          `json:"description"`
	Changes     []sarifArtifactChange `json:"artifactChanges"`
}

type sarifArtifactChange struct {
	Artifact     sarifArtifactLoc   `json:"artifactLocation"`
	Replacements []sarifReplacement `json:"replacements"`
}

type sarifReplacement struct {
	Deleted  sarifRegion   `json:"deletedRegion"`
	Inserted *sarifMessage `json:"insertedContent,omitempty"`
}

// moduleRoot returns the directory of the go.mod governing dir, or dir.
func moduleRoot(dir string) string {
	for d := dir; ; {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return dir
		}
		d = parent
	}
}

// writeSARIF writes the findings of the root actions of graph as SARIF
// 2.1.0 to path: one rule per analyzer that ran, locations relative to the
// module root, suggested fixes included, and each package that was not
// analysed, and why, as a notification.
func writeSARIF(path string, graph *actionGraph, analyzers []*analysis.Analyzer, probs *problems) error {
	cwd, err := os.Getwd()
	if err != nil {
		return err
	}
	root := moduleRoot(cwd)
	run := sarifRun{
		Tool: sarifTool{Driver: sarifDriver{
			Name:           "reconcilelint",
			InformationURI: "https://github.com/reconcilelint/reconcilelint",
			Rules:          []sarifRule{},
		}},
		OriginalURIBaseIDs: map[string]sarifArtifactLoc{"%SRCROOT%": {URI: "file://" + filepath.ToSlash(root) + "/"}},
		Results:            []sarifResult{},
		ColumnKind:         "utf16CodeUnits",
	}
	index := map[string]int{}
	for _, a := range analyzers {
		title, body, _ := strings.Cut(a.Doc, "\n")
		r := sarifRule{
			ID:               a.Name,
			Name:             a.Name,
			ShortDescription: sarifMessage{title},
			FullDescription:  sarifMessage{title},
			Help:             sarifMessage{strings.TrimSpace(body)},
			HelpURI:          a.URL,
		}
		r.DefaultConfig.Level = "warning"
		index[a.Name] = len(run.Tool.Driver.Rules)
		run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, r)
	}
	artifact := func(fset *token.FileSet, pos token.Pos) (sarifArtifactLoc, token.Position) {
		p := fset.Position(pos)
		uri := p.Filename
		if rel, err := filepath.Rel(root, p.Filename); err == nil && !strings.HasPrefix(rel, "..") {
			return sarifArtifactLoc{URI: filepath.ToSlash(rel), URIBaseID: "%SRCROOT%"}, p
		}
		return sarifArtifactLoc{URI: "file://" + filepath.ToSlash(uri)}, p
	}
	cols := utf16Columns{}
	region := func(fset *token.FileSet, pos, end token.Pos) (sarifArtifactLoc, sarifRegion) {
		loc, p := artifact(fset, pos)
		r := sarifRegion{StartLine: max(p.Line, 1), StartColumn: max(cols.column(p), 1)}
		if end.IsValid() && end >= pos {
			e := fset.Position(end)
			r.EndLine, r.EndColumn = e.Line, max(cols.column(e), 1)
		}
		return loc, r
	}
	inv := sarifInvocation{ExecutionSuccessful: true}
	perPackage := probs.perPackage()
	for _, id := range slices.Sorted(maps.Keys(perPackage)) {
		inv.Notifications = append(inv.Notifications, sarifNotification{Level: "error", Message: sarifMessage{id + ": " + perPackage[id]}})
	}
	for _, ie := range probs.internal {
		inv.Notifications = append(inv.Notifications, sarifNotification{Level: "error",
			Message: sarifMessage{fmt.Sprintf("%s: internal error, so %s did not run: %v", ie.pkg.ID, strings.Join(ie.notRun, ", "), ie.err)}})
	}
	inv.ExecutionSuccessful = len(inv.Notifications) == 0
	for _, fd := range findings(graph) {
		act, d, fset := fd.act, fd.diag, fd.act.Package.Fset
		loc, reg := region(fset, d.Pos, d.End)
		res := sarifResult{
			RuleID:    act.Analyzer.Name,
			RuleIndex: index[act.Analyzer.Name],
			Level:     "warning",
			Message:   sarifMessage{d.Message},
			Locations: []sarifLocation{{Physical: sarifPhysicalLocation{loc, reg}}},
		}
		for i, rel := range d.Related {
			rloc, rreg := region(fset, rel.Pos, rel.End)
			id := i
			res.Related = append(res.Related, sarifLocation{ID: &id, Physical: sarifPhysicalLocation{rloc, rreg}, Message: &sarifMessage{rel.Message}})
		}
		for _, fix := range d.SuggestedFixes {
			byFile := map[string]*sarifArtifactChange{}
			var order []string
			for _, e := range fix.TextEdits {
				floc, freg := region(fset, e.Pos, e.End)
				if e.End == e.Pos {
					freg.EndLine, freg.EndColumn = freg.StartLine, freg.StartColumn
				}
				ch := byFile[floc.URI]
				if ch == nil {
					ch = &sarifArtifactChange{Artifact: floc}
					byFile[floc.URI] = ch
					order = append(order, floc.URI)
				}
				ch.Replacements = append(ch.Replacements, sarifReplacement{Deleted: freg, Inserted: &sarifMessage{string(e.NewText)}})
			}
			f := sarifFix{Description: sarifMessage{fix.Message}}
			for _, uri := range order {
				f.Changes = append(f.Changes, *byFile[uri])
			}
			if len(f.Changes) > 0 {
				res.Fixes = append(res.Fixes, f)
			}
		}
		run.Results = append(run.Results, res)
	}
	slices.SortFunc(run.Results, func(a, b sarifResult) int {
		pa, pb := a.Locations[0].Physical, b.Locations[0].Physical
		return cmp.Or(strings.Compare(pa.Artifact.URI, pb.Artifact.URI), cmp.Compare(pa.Region.StartLine, pb.Region.StartLine),
			cmp.Compare(pa.Region.StartColumn, pb.Region.StartColumn), strings.Compare(a.RuleID, b.RuleID), strings.Compare(a.Message.Text, b.Message.Text))
	})
	run.Invocations = []sarifInvocation{inv}
	data, err := json.MarshalIndent(sarifLog{
		Version: "2.1.0",
		Schema:  "https://json.schemastore.org/sarif-2.1.0.json",
		Runs:    []sarifRun{run},
	}, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(data, '\n'), 0o644)
}

// utf16Columns turns the byte columns of token.Position into the UTF-16
// code unit columns the SARIF run declares (columnKind utf16CodeUnits),
// reading each file once.
type utf16Columns map[string][]byte

func (c utf16Columns) column(p token.Position) int {
	if p.Column <= 1 || p.Filename == "" {
		return p.Column
	}
	content, ok := c[p.Filename]
	if !ok {
		content, _ = os.ReadFile(p.Filename)
		c[p.Filename] = content
	}
	start := p.Offset - (p.Column - 1)
	if start < 0 || p.Offset > len(content) {
		return p.Column
	}
	n := 0
	for _, r := range string(content[start:p.Offset]) {
		n += max(utf16.RuneLen(r), 1) // an invalid byte is one U+FFFD
	}
	return n + 1
}
